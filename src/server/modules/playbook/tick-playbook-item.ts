import { and, eq } from 'drizzle-orm';
import type { TPlaybookItem } from '../../../core/playbook.schemas.ts';
import type { Ctx } from '../../context.ts';
import { playbookTicks } from '../../db/schema/playbook.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { assertPlaybookAccess, playbookItem } from './get-playbook.ts';

/** The asset as a checklist item, when it belongs to the estate (another estate's asset: not found). */
async function itemOf(ctx: Ctx, estateId: string, assetId: string): Promise<TPlaybookItem> {
  const item = await playbookItem(ctx, estateId, assetId);
  if (!item) throw notFound('That checklist item');
  return item;
}

/**
 * Tick (done = true) or untick one item. The change is one guarded statement — an insert that does
 * nothing when the row exists, a delete that removes only an existing row — so of two people ticking
 * at the same moment exactly one ticks it and the other is told who did (409), and nothing is lost.
 */
export async function setPlaybookTick(ctx: Ctx, estateId: string, assetId: string, done: boolean): Promise<TPlaybookItem> {
  await assertPlaybookAccess(ctx, estateId, 'work');
  const before = await itemOf(ctx, estateId, assetId);
  const changed = done
    ? await ctx.db
        .insert(playbookTicks)
        .values({ assetId, estateId, tickedBy: ctx.actor.userId, tickedAt: ctx.clock.now() })
        .onConflictDoNothing()
        .returning({ assetId: playbookTicks.assetId })
    : await ctx.db
        .delete(playbookTicks)
        .where(and(eq(playbookTicks.assetId, assetId), eq(playbookTicks.estateId, estateId)))
        .returning({ assetId: playbookTicks.assetId });
  const item = await itemOf(ctx, estateId, assetId);
  if (!changed.length) {
    throw conflict(
      done && item.tick ? `“${item.name}” was already ticked off by ${item.tick.byName}.` : `“${before.name}” is not ticked off.`,
    );
  }
  await audit(ctx, {
    action: done ? 'playbook.ticked' : 'playbook.unticked',
    estateId,
    targetType: 'digital_asset',
    targetId: assetId,
    details: { action: item.action },
  });
  return item;
}
