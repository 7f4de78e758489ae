import { and, eq, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { TDeadlines, TSettlementInput } from '../../../core/deadlines.schemas.ts';
import { deadlinesFor, isoDayOf } from '../../../core/settlement/rules.ts';
import type { Ctx } from '../../context.ts';
import { estateSettlements, settlementDeadlines } from '../../db/schema/settlement.ts';
import { badRequest } from '../../lib/app-error.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { assertDeadlinesAccess, getDeadlines } from './get-deadlines.ts';

/**
 * PUT: where the estate is settled and the date of death. In one transaction it saves the facts and
 * (re)writes the jurisdiction's rule deadlines from the rules file: a rule already there keeps its
 * tick and, when its date did not move, its reminder and overdue flag (a moved date is reminded and
 * flagged again); rules not in this jurisdiction's file are removed unless they were done.
 * The executor's own deadlines stay; none may fall before the date of death.
 */
export async function setSettlement(ctx: Ctx, estateId: string, input: TSettlementInput): Promise<TDeadlines> {
  await assertDeadlinesAccess(ctx, estateId, 'work');
  const today = isoDayOf(ctx.clock.now());
  if (input.dateOfDeath > today) throw badRequest('The date of death cannot be in the future.', { dateOfDeath: 'The date of death cannot be in the future' });
  const computed = deadlinesFor(input.jurisdiction, input.dateOfDeath);
  await inMailTransaction(ctx, async (tx) => {
    await lockEstate(tx.db, estateId);
    const [early] = await tx.db
      .select({ title: settlementDeadlines.title, dueOn: settlementDeadlines.dueOn })
      .from(settlementDeadlines)
      .where(and(eq(settlementDeadlines.estateId, estateId), isNull(settlementDeadlines.ruleKey), lt(settlementDeadlines.dueOn, input.dateOfDeath)))
      .limit(1);
    if (early) {
      throw badRequest(`Your deadline “${early.title}” is due on ${early.dueOn}, before that date of death. Change the date of death, or delete that deadline first.`, {
        dateOfDeath: 'One of your own deadlines is due before this date',
      });
    }
    const now = tx.clock.now();
    await tx.db
      .insert(estateSettlements)
      .values({ estateId, jurisdiction: input.jurisdiction, dateOfDeath: input.dateOfDeath, updatedBy: tx.actor.userId, updatedAt: now })
      .onConflictDoUpdate({ target: estateSettlements.estateId, set: { jurisdiction: input.jurisdiction, dateOfDeath: input.dateOfDeath, updatedBy: tx.actor.userId, updatedAt: now } });
    const keys = computed.map((d) => d.ruleKey);
    const removed = await tx.db
      .delete(settlementDeadlines)
      .where(and(eq(settlementDeadlines.estateId, estateId), isNotNull(settlementDeadlines.ruleKey), isNull(settlementDeadlines.doneAt), notInArray(settlementDeadlines.ruleKey, keys)))
      .returning({ id: settlementDeadlines.id });
    const moved = sql`${settlementDeadlines.dueOn} IS DISTINCT FROM excluded.due_on`;
    await tx.db
      .insert(settlementDeadlines)
      .values(computed.map((d) => ({ estateId, ruleKey: d.ruleKey, title: d.title, detail: d.detail, sourceUrl: d.sourceUrl, dueOn: d.dueOn, createdBy: tx.actor.userId, createdAt: now })))
      .onConflictDoUpdate({
        target: [settlementDeadlines.estateId, settlementDeadlines.ruleKey],
        targetWhere: isNotNull(settlementDeadlines.ruleKey),
        set: {
          title: sql`excluded.title`,
          detail: sql`excluded.detail`,
          sourceUrl: sql`excluded.source_url`,
          dueOn: sql`excluded.due_on`,
          remindedAt: sql`CASE WHEN ${moved} THEN NULL ELSE ${settlementDeadlines.remindedAt} END`,
          overdueFlaggedAt: sql`CASE WHEN ${moved} THEN NULL ELSE ${settlementDeadlines.overdueFlaggedAt} END`,
        },
      });
    await audit(tx, {
      action: 'settlement.set',
      estateId,
      targetType: 'estate',
      targetId: estateId,
      details: { jurisdiction: input.jurisdiction, rules: keys.length, removed: removed.length },
    });
  });
  return getDeadlines(ctx, estateId);
}

