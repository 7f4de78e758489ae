import { asc, eq } from 'drizzle-orm';
import { PLAYBOOK_MAX_ITEMS, playbookActionLabel, type TPlaybook, type TPlaybookItem } from '../../../core/playbook.schemas.ts';
import type { Ctx } from '../../context.ts';
import { mayWorkPlaybook } from '../../access/playbook.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { estates } from '../../db/schema/estates.ts';
import { playbookTicks } from '../../db/schema/playbook.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';
import { toPlaybookAction } from '../digital-assets/digital-asset-view.ts';

const THE_PLAYBOOK = 'That checklist';

/** 404 unless the actor may work this estate's playbook now (access/playbook.ts decides). */
export async function assertPlaybookAccess(ctx: Ctx, estateId: string): Promise<void> {
  if (!(await mayWorkPlaybook(ctx.db, ctx.actor.userId, estateId))) throw notFound(THE_PLAYBOOK);
}

/** The checklist rows of an estate (or one asset of it): the instructions and the tick, never a secret. */
export async function playbookItems(ctx: Ctx, estateId: string, assetId?: string): Promise<TPlaybookItem[]> {
  const rows = await ctx.db
    .select({
      assetId: digitalAssets.id,
      name: digitalAssets.name,
      platform: digitalAssets.platform,
      action: digitalAssets.afterDeathAction,
      twoFactorDevice: digitalAssets.twoFactorDevice,
      note: digitalAssets.afterDeathNote,
      tickedAt: playbookTicks.tickedAt,
      tickedByName: users.name,
    })
    .from(digitalAssets)
    .leftJoin(playbookTicks, eq(playbookTicks.assetId, digitalAssets.id))
    .leftJoin(users, eq(users.id, playbookTicks.tickedBy))
    .where(assetId ? eq(digitalAssets.id, assetId) : eq(digitalAssets.estateId, estateId))
    .orderBy(asc(digitalAssets.name), asc(digitalAssets.id))
    .limit(PLAYBOOK_MAX_ITEMS);
  return rows.map((r) => {
    const action = toPlaybookAction(r.action);
    return {
      assetId: r.assetId,
      name: r.name,
      platform: r.platform,
      action,
      actionLabel: playbookActionLabel(action),
      twoFactorDevice: r.twoFactorDevice,
      note: r.note,
      tick: r.tickedAt ? { byName: r.tickedByName ?? 'A former member', at: r.tickedAt.toISOString() } : null,
    };
  });
}

/** GET: the checklist of an active estate, for its administrators and digital-legacy beneficiaries. */
export async function getPlaybook(ctx: Ctx, estateId: string): Promise<TPlaybook> {
  await assertPlaybookAccess(ctx, estateId);
  const [[owner], items] = await Promise.all([
    ctx.db.select({ name: users.name }).from(estates).innerJoin(users, eq(users.id, estates.ownerId)).where(eq(estates.id, estateId)),
    playbookItems(ctx, estateId),
  ]);
  return { estateId, ownerName: owner?.name ?? '', items, done: items.filter((i) => i.tick).length, total: items.length };
}
