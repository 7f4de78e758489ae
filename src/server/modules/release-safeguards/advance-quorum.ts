import { and, asc, eq, isNull } from 'drizzle-orm';
import { planQuorum, quorumNeeded, vetoWindowEnd, type Ask, type TrusteeAnswer } from '../../../core/quorum.ts';
import type { BaseCtx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { reportSafeguards, trusteeRequests } from '../../db/schema/report-safeguards.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { trusteeAskedNotice } from '../../mail/templates/trustee-asked.ts';
import { trusteePassedOverNotice } from '../../mail/templates/trustee-passed-over.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { tell } from '../../safeguards/tell.ts';
import { ownerNameOf, TRUSTEE_PAGE } from '../../safeguards/trustee-notices.ts';

type ReportRow = typeof estateReports.$inferSelect;

/**
 * Inside the report's transaction: fix the safeguards it starts — the veto window's end (the
 * owner's vetoDays from now, calendar days in the system time zone) and the confirmations needed
 * (the owner's M of their trustees, the reporter excluded; 0 when no trustee is named).
 */
export async function recordReportSafeguards(tx: Db, report: ReportRow): Promise<void> {
  // One after another: a transaction is one connection, and pg queues (deprecated; an error in pg@9) overlapping queries on it.
  const rules = await releaseRulesOf(tx, report.estateId);
  const trustees = await trusteesOf(tx, report.estateId);
  const { defaultTimeZone } = await getSystemSettings(tx);
  await tx.insert(reportSafeguards).values({
    reportId: report.id,
    estateId: report.estateId,
    windowEndsAt: vetoWindowEnd(report.createdAt, rules.vetoDays, defaultTimeZone),
    quorumNeeded: trustees.length ? quorumNeeded(trustees.map((t) => t.userId), report.reportedBy, rules.quorumRequired) : 0,
    responseHours: rules.trusteeResponseHours,
    createdAt: report.createdAt,
  });
}

const toAsk = (r: typeof trusteeRequests.$inferSelect): Ask => ({
  userId: r.userId,
  round: r.round,
  dueAt: r.dueAt,
  answer: (r.answer as TrusteeAnswer | null) ?? null,
  passedOver: r.passedOverAt !== null,
});

/**
 * One step of the quorum for an open report (core/quorum.ts planQuorum): pass over whoever's time
 * ran out, ask the next in line, start again from the top when the line is exhausted, note when the
 * quorum is reached. The report's safeguards row is locked, so two runs at once (the job, an
 * answer) do it once; each ask row is unique per trustee and round. Its notices are written in the
 * same transaction (the caller's, when there is one: ADR 0077).
 */
export async function advanceQuorum(ctx: BaseCtx, reportId: string): Promise<{ asked: number; passedOver: number }> {
  const now = ctx.clock.now();
  return inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    const [safeguards] = await db.select().from(reportSafeguards).where(eq(reportSafeguards.reportId, reportId)).for('update');
    const [report] = await db.select().from(estateReports).where(eq(estateReports.id, reportId));
    if (!safeguards || !report || report.status !== 'open' || safeguards.quorumNeeded === 0 || safeguards.quorumReachedAt) return { asked: 0, passedOver: 0 };
    const line = (await trusteesOf(db, report.estateId)).map((t) => t.userId);
    const rows = await db.select().from(trusteeRequests).where(eq(trusteeRequests.reportId, reportId)).orderBy(asc(trusteeRequests.askedAt));
    const plan = planQuorum({ line, reporterId: report.reportedBy, required: safeguards.quorumNeeded, asks: rows.map(toAsk), now, responseHours: safeguards.responseHours });
    const owner = await ownerNameOf(tx, report.estateId);
    const what = report.event === 'incapacity' ? 'incapacity' : 'passing';
    let passed = 0;
    for (const over of plan.passOver) {
      const [row] = await db
        .update(trusteeRequests)
        .set({ passedOverAt: now })
        .where(and(eq(trusteeRequests.reportId, reportId), eq(trusteeRequests.userId, over.userId), eq(trusteeRequests.round, over.round), isNull(trusteeRequests.answer), isNull(trusteeRequests.passedOverAt)))
        .returning({ userId: trusteeRequests.userId });
      if (!row) continue;
      passed++;
      await tell(tx, row.userId, {
        words: (to) => trusteePassedOverNotice({ ...to, ownerName: owner }),
        link: TRUSTEE_PAGE,
        idempotencyKey: `trustee-passed-over.${reportId}.${row.userId}.${over.round}`,
      });
    }
    let asked = 0;
    for (const next of plan.ask) {
      const [row] = await db
        .insert(trusteeRequests)
        .values({ reportId, estateId: report.estateId, userId: next.userId, round: next.round, askedAt: now, dueAt: next.dueAt })
        .onConflictDoNothing()
        .returning({ userId: trusteeRequests.userId, dueAt: trusteeRequests.dueAt });
      if (!row) continue;
      asked++;
      await tell(tx, row.userId, {
        words: (to) => trusteeAskedNotice({ ...to, ownerName: owner, reporterName: report.reporterName, relationship: report.relationship, what, dueAt: row.dueAt }),
        link: TRUSTEE_PAGE,
        idempotencyKey: `trustee-asked.${reportId}.${row.userId}.${next.round}`,
      });
    }
    if (plan.reached) {
      await db.update(reportSafeguards).set({ quorumReachedAt: now }).where(and(eq(reportSafeguards.reportId, reportId), isNull(reportSafeguards.quorumReachedAt)));
      await raiseAlert(tx, { estateId: report.estateId, type: 'verification', priority: 'medium', message: `Enough of ${owner}'s trustees confirmed the report: its proofs can now be verified.`, dedupeKey: `quorum:${reportId}` });
    }
    if (plan.newRound || plan.stuck) {
      const round = Math.max(1, ...plan.ask.map((a) => a.round));
      await raiseAlert(tx, {
        estateId: report.estateId,
        type: 'verification',
        priority: 'high',
        message: plan.stuck
          ? `No trustee of ${owner} is left who could confirm the report: it cannot be verified. Contact the family, or reject its proofs.`
          : `None of ${owner}'s trustees confirmed the report in time: they are being asked again from the top.`,
        dedupeKey: plan.stuck ? `quorum-stuck:${reportId}` : `quorum-round:${reportId}:${round}`,
      });
    }
    return { asked, passedOver: passed };
  });
}
