import { and, count, eq, isNull } from 'drizzle-orm';
import type { TDeadline, TOwnDeadlineInput } from '../../../core/deadlines.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estateSettlements, settlementDeadlines } from '../../db/schema/settlement.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { assertDeadlinesAccess, deadlineOf } from './get-deadlines.ts';

/** The executor's own deadlines an estate may hold: the timeline is shown whole, never paged. */
export const MAX_OWN_DEADLINES = 100;

/**
 * POST: a deadline of the executor's own (rule_key null). It needs the date of death first (409),
 * and may not fall before it (400). Written under the estate's lock, so the date of death it was
 * checked against is the one saved.
 */
export async function addDeadline(ctx: Ctx, estateId: string, input: TOwnDeadlineInput): Promise<TDeadline> {
  await assertDeadlinesAccess(ctx, estateId, 'work');
  const id = await inMailTransaction(ctx, async (tx) => {
    await lockEstate(tx.db, estateId);
    const [settlement] = await tx.db.select().from(estateSettlements).where(eq(estateSettlements.estateId, estateId));
    if (!settlement) throw conflict('Set where the estate is settled and the date of death first: deadlines count from it.');
    if (input.dueOn < settlement.dateOfDeath) {
      throw badRequest(`A deadline cannot be due before the date of death (${settlement.dateOfDeath}).`, { dueOn: 'Choose a date on or after the date of death' });
    }
    const [own] = await tx.db
      .select({ n: count() })
      .from(settlementDeadlines)
      .where(and(eq(settlementDeadlines.estateId, estateId), isNull(settlementDeadlines.ruleKey)));
    if ((own?.n ?? 0) >= MAX_OWN_DEADLINES) throw conflict(`An estate can hold at most ${MAX_OWN_DEADLINES} deadlines of your own. Delete some that are done first.`);
    const [row] = await tx.db
      .insert(settlementDeadlines)
      .values({ estateId, ruleKey: null, title: input.title, detail: input.detail ?? null, dueOn: input.dueOn, createdBy: tx.actor.userId, createdAt: tx.clock.now() })
      .returning({ id: settlementDeadlines.id });
    await audit(tx, { action: 'deadline.added', estateId, targetType: 'settlement_deadline', targetId: row!.id });
    return row!.id;
  });
  return deadlineOf(ctx, estateId, id);
}
