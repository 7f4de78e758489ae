import { and, eq, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import { REMINDER_DAYS } from '../../../core/deadlines.schemas.ts';
import { addDays, isoDayOf, parseIsoDay } from '../../../core/settlement/rules.ts';
import type { BaseCtx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { settlementDeadlines } from '../../db/schema/settlement.ts';
import { RELEASED_STATUS } from '../../access/policy.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { deadlineReminderNotice } from '../../mail/templates/deadline-reminder.ts';
import { tell } from '../../safeguards/tell.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { settlementWorkersOf } from './settlement-workers.ts';

const BATCH = 50;
const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (ISO days). */
const daysBetween = (from: string, to: string) => {
  const ms = (d: string) => {
    const { y, m, d: day } = parseIsoDay(d);
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((ms(to) - ms(from)) / DAY_MS);
};

/** The alert's key: one per deadline and due date (a date moved by a new date of death is flagged again). */
export const overdueAlertKey = (deadlineId: string, dueOn: string) => `deadline-overdue:${deadlineId}:${dueOn}`;

type Claimed = { id: string; estateId: string; title: string; dueOn: string; sourceUrl: string | null };

/**
 * One pass of a sweep: lock a batch of due rows (SKIP LOCKED: two runs at once take different rows),
 * claim them with the guarded UPDATE `claim` (… WHERE <stamp> IS NULL), and tell about the ones won
 * in the same transaction: exactly once however often, or how concurrently, the job runs.
 */
async function sweep(
  ctx: BaseCtx,
  due: ReturnType<typeof and>,
  claim: (ids: string[], db: BaseCtx['db']) => Promise<{ id: string }[]>,
  tellAbout: (tx: BaseCtx, row: Claimed) => Promise<void>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const won = await inMailTransaction(ctx, async (tx) => {
      const batch = await tx.db
        .select({ id: settlementDeadlines.id, estateId: settlementDeadlines.estateId, title: settlementDeadlines.title, dueOn: settlementDeadlines.dueOn, sourceUrl: settlementDeadlines.sourceUrl })
        .from(settlementDeadlines)
        .innerJoin(estates, eq(estates.id, settlementDeadlines.estateId))
        .where(and(due, eq(estates.status, RELEASED_STATUS)))
        .orderBy(settlementDeadlines.dueOn, settlementDeadlines.id)
        .limit(BATCH)
        .for('update', { of: settlementDeadlines, skipLocked: true });
      if (!batch.length) return 0;
      const ids = new Set((await claim(batch.map((r) => r.id), tx.db)).map((r) => r.id));
      for (const row of batch) if (ids.has(row.id)) await tellAbout(tx, row);
      return ids.size;
    });
    total += won;
    if (won < BATCH) return total;
  }
}

/**
 * The deadlines sweep (job remind-settlement-deadlines, ADR 0104), over active estates only:
 * - each open deadline due within REMINDER_DAYS and not yet reminded: reminded_at stamped, and every
 *   person who works the estate told in-app and by email;
 * - each open deadline past its day and not yet flagged: overdue_flagged_at stamped, and an alert
 *   raised for the estate's administrators (deduplicated by deadline and date).
 * A deadline first seen already overdue is flagged, not reminded.
 */
export async function remindSettlementDeadlines(ctx: BaseCtx): Promise<{ reminded: number; flagged: number }> {
  const now = ctx.clock.now();
  const today = isoDayOf(now);
  const open = isNull(settlementDeadlines.doneAt);

  const reminderDue = and(open, isNull(settlementDeadlines.remindedAt), gte(settlementDeadlines.dueOn, today), lte(settlementDeadlines.dueOn, addDays(today, REMINDER_DAYS)));
  const reminded = await sweep(
    ctx,
    reminderDue,
    (ids, db) => db.update(settlementDeadlines).set({ remindedAt: now }).where(and(inArray(settlementDeadlines.id, ids), reminderDue)).returning({ id: settlementDeadlines.id }),
    async (tx, row) => {
      const ownerName = await ownerNameOf(tx, row.estateId);
      // read outside the claim's transaction: executorsOf runs its queries side by side, which one transaction's connection cannot
      for (const worker of await settlementWorkersOf(ctx.db, row.estateId)) {
        await tell(tx, worker.userId, {
          words: (to) => deadlineReminderNotice({ ...to, ownerName, title: row.title, dueOn: row.dueOn, inDays: daysBetween(today, row.dueOn), sourceUrl: row.sourceUrl }),
          link: worker.link,
          idempotencyKey: `deadline-reminder.${row.id}.${row.dueOn}.${worker.userId}`,
        });
      }
    },
  );

  const overdue = and(open, isNull(settlementDeadlines.overdueFlaggedAt), lt(settlementDeadlines.dueOn, today));
  const flagged = await sweep(
    ctx,
    overdue,
    (ids, db) => db.update(settlementDeadlines).set({ overdueFlaggedAt: now }).where(and(inArray(settlementDeadlines.id, ids), overdue)).returning({ id: settlementDeadlines.id }),
    async (tx, row) => {
      const ownerName = await ownerNameOf(tx, row.estateId);
      await raiseAlert(tx, {
        estateId: row.estateId,
        type: 'activation',
        priority: 'medium',
        message: `A settlement deadline of ${ownerName}’s estate is overdue: “${row.title}” was due on ${row.dueOn} and is not marked done.`,
        dedupeKey: overdueAlertKey(row.id, row.dueOn),
      });
    },
  );
  return { reminded, flagged };
}
