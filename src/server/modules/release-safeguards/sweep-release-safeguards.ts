import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { reportSafeguards } from '../../db/schema/report-safeguards.ts';
import { estateTrustees } from '../../db/schema/safeguards.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { advanceQuorum } from './advance-quorum.ts';
import { remindOwnersOfReports } from './remind-owner.ts';
import { tellTrusteeNamed } from '../../safeguards/trustee-notices.ts';

/** Every open report still short of its quorum takes its next step (passed over, next asked). */
export async function advanceOpenQuorums(ctx: BaseCtx): Promise<{ asked: number; passedOver: number }> {
  const open = await ctx.db
    .select({ reportId: reportSafeguards.reportId })
    .from(reportSafeguards)
    .innerJoin(estateReports, eq(estateReports.id, reportSafeguards.reportId))
    .where(and(eq(estateReports.status, 'open'), isNull(reportSafeguards.quorumReachedAt), gt(reportSafeguards.quorumNeeded, 0)));
  const total = { asked: 0, passedOver: 0 };
  for (const { reportId } of open) {
    const step = await advanceQuorum(ctx, reportId);
    total.asked += step.asked;
    total.passedOver += step.passedOver;
  }
  return total;
}

/** A year before `now`, by the calendar (29 Feb falls back to 1 Mar). */
export const aYearBefore = (now: Date) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
};

/**
 * Each trustee is reminded once a year that they are one: the reminder is claimed with a guarded
 * UPDATE of last_reminded_at (last reminder, or naming, at least a year ago), in one transaction with
 * the notice, so two runs at once, or a run after a missed one, remind each trustee once.
 */
export async function remindTrusteesYearly(ctx: BaseCtx): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = aYearBefore(now);
  const dueWhere = or(and(isNull(estateTrustees.lastRemindedAt), lte(estateTrustees.namedAt, cutoff)), lte(estateTrustees.lastRemindedAt, cutoff));
  const due = await ctx.db.select({ id: estateTrustees.id }).from(estateTrustees).where(dueWhere).limit(500);
  let sent = 0;
  for (const { id } of due) {
    const reminded = await inMailTransaction(ctx, async (tx) => {
      const [claimed] = await tx.db
        .update(estateTrustees)
        .set({ lastRemindedAt: now })
        .where(and(eq(estateTrustees.id, id), dueWhere))
        .returning({ estateId: estateTrustees.estateId, userId: estateTrustees.userId });
      if (claimed) await tellTrusteeNamed(tx, claimed.estateId, claimed.userId, true);
      return claimed !== undefined;
    });
    if (reminded) sent++;
  }
  return sent;
}

/** The release-safeguards job: quorum steps, the owners' daily veto reminders, the trustees' yearly reminder. */
export async function sweepReleaseSafeguards(ctx: BaseCtx) {
  const quorum = await advanceOpenQuorums(ctx);
  return { ...quorum, ownersReminded: await remindOwnersOfReports(ctx), trusteesReminded: await remindTrusteesYearly(ctx) };
}
