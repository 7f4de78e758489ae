import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { settlementDeadlines } from '../../db/schema/settlement.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertDeadlinesAccess, deadlineOf } from './get-deadlines.ts';

/**
 * DELETE: one of the executor's own deadlines. A jurisdiction's rule cannot be deleted (400): it
 * comes from the rules file; mark it done, or change the jurisdiction.
 */
export async function deleteDeadline(ctx: Ctx, estateId: string, deadlineId: string): Promise<{ ok: true }> {
  await assertDeadlinesAccess(ctx, estateId, 'work');
  const deadline = await deadlineOf(ctx, estateId, deadlineId);
  if (deadline.ruleKey) throw badRequest(`“${deadline.title}” comes from the jurisdiction’s rules and cannot be deleted. Mark it done if it does not apply.`);
  const removed = await ctx.db
    .delete(settlementDeadlines)
    .where(and(eq(settlementDeadlines.id, deadlineId), eq(settlementDeadlines.estateId, estateId), isNull(settlementDeadlines.ruleKey)))
    .returning({ id: settlementDeadlines.id });
  if (removed.length) await audit(ctx, { action: 'deadline.deleted', estateId, targetType: 'settlement_deadline', targetId: deadlineId });
  return { ok: true };
}
