import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { playbookActionLabel, type TPlaybook, type TPlaybookItem, type TPlaybookQuery } from '../../../core/playbook.schemas.ts';
import type { Ctx } from '../../context.ts';
import { settlementAccessOf } from '../../access/executors.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { playbookTicks } from '../../db/schema/playbook.ts';
import { users } from '../../db/schema/users.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';
import { toPlaybookAction } from '../../views/digital-asset-view.ts';

const THE_PLAYBOOK = 'That checklist';

/**
 * What the actor may do with this estate's playbook now (access/executors.ts decides): 404 when
 * nothing; with `work`, 403 unless they work the estate (a beneficiary following the executor's progress).
 */
export async function assertPlaybookAccess(ctx: Ctx, estateId: string, need: 'read' | 'work' = 'read'): Promise<'read' | 'work'> {
  const access = await settlementAccessOf(ctx.db, ctx.actor.userId, estateId);
  if (!access) throw notFound(THE_PLAYBOOK);
  if (need === 'work' && access !== 'work') throw forbidden('Only the executor, their deputy and the estate administrator tick this checklist off. You can follow their progress here.');
  return access;
}

/**
 * Checklist rows in name order (name, id) — the order of digital_assets_estate_name_idx — matching
 * `where`, at most `limit`: the instructions and the tick, never a secret.
 */
async function playbookRows(ctx: Ctx, where: SQL | undefined, limit: number): Promise<TPlaybookItem[]> {
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
    .where(where)
    .orderBy(asc(digitalAssets.name), asc(digitalAssets.id))
    .limit(limit);
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

/** One asset of the estate as a checklist item (undefined when it is not the estate's). */
export async function playbookItem(ctx: Ctx, estateId: string, assetId: string): Promise<TPlaybookItem | undefined> {
  const [item] = await playbookRows(ctx, and(eq(digitalAssets.id, assetId), eq(digitalAssets.estateId, estateId)), 1);
  return item;
}

/**
 * GET: one page of the checklist of an active estate, for those who settle it and the digital-legacy
 * beneficiaries who follow them. `done` and `total` are counted by the database over the whole estate (the ticks by
 * playbook_ticks_estate_idx, the assets by digital_assets_estate_name_idx), never from the page.
 */
export async function getPlaybook(ctx: Ctx, estateId: string, query: TPlaybookQuery): Promise<TPlaybook> {
  const access = await assertPlaybookAccess(ctx, estateId);
  const [ownerName, [assets], [ticks], rows] = await Promise.all([
    ownerNameOf(ctx, estateId),
    ctx.db.select({ n: count() }).from(digitalAssets).where(eq(digitalAssets.estateId, estateId)),
    ctx.db.select({ n: count() }).from(playbookTicks).where(eq(playbookTicks.estateId, estateId)),
    playbookRows(ctx, and(eq(digitalAssets.estateId, estateId), afterCursor(ascending(digitalAssets.name, digitalAssets.id), query.cursor)), query.limit + 1),
  ]);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.name, r.assetId]);
  return { estateId, ownerName, items: page, nextCursor, done: ticks?.n ?? 0, total: assets?.n ?? 0, canTick: access === 'work' };
}
