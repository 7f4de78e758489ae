import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TDeadline } from '../../../core/deadlines.schemas.ts';
import type { Ctx } from '../../context.ts';
import { settlementDeadlines } from '../../db/schema/settlement.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertDeadlinesAccess, deadlineOf } from './get-deadlines.ts';

/**
 * Mark a deadline done (done = true) or not done. One guarded UPDATE (… WHERE done_at IS NULL, or
 * IS NOT NULL), as the playbook's tick: of two people marking it at once exactly one does, the other
 * is told who did (409), and there is one audit row.
 */
export async function setDeadlineDone(ctx: Ctx, estateId: string, deadlineId: string, done: boolean): Promise<TDeadline> {
  await assertDeadlinesAccess(ctx, estateId, 'work');
  const before = await deadlineOf(ctx, estateId, deadlineId);
  const mine = and(eq(settlementDeadlines.id, deadlineId), eq(settlementDeadlines.estateId, estateId));
  const changed = await ctx.db
    .update(settlementDeadlines)
    .set(done ? { doneAt: ctx.clock.now(), doneBy: ctx.actor.userId } : { doneAt: null, doneBy: null })
    .where(and(mine, done ? isNull(settlementDeadlines.doneAt) : isNotNull(settlementDeadlines.doneAt)))
    .returning({ id: settlementDeadlines.id });
  const after = await deadlineOf(ctx, estateId, deadlineId);
  if (!changed.length) {
    throw conflict(done && after.done ? `“${after.title}” was already marked done by ${after.done.byName}.` : `“${before.title}” is not marked done.`);
  }
  await audit(ctx, {
    action: done ? 'deadline.done' : 'deadline.undone',
    estateId,
    targetType: 'settlement_deadline',
    targetId: deadlineId,
    details: { rule: after.ruleKey },
  });
  return after;
}
