import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { TTrusteeReport, TTrusteeReports, TTrusteeReportsQuery } from '../../../core/trustee.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { trusteeRequests } from '../../db/schema/report-safeguards.ts';
import { estateTrustees } from '../../db/schema/safeguards.ts';
import { users } from '../../db/schema/users.ts';
import { confirmRefusal } from '../../access/report-duties.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { isTrustee } from '../../access/trustees.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { advanceQuorum } from './advance-quorum.ts';
import { routeReviewToStaff } from '../../lifecycle/route-review-to-staff.ts';
import { reportSafeguardsViews } from '../../lifecycle/report-safeguards-view.ts';

/**
 * The reports matching `where` that the signed-in user was asked about as a trustee, newest report
 * first (report createdAt, id), their latest ask each, at most `limit`: a trustee no longer named sees
 * nothing more of the estate (checked in the query), and the countdowns come in one batch — a
 * bounded number of queries whatever the number.
 */
async function trusteeReportRows(ctx: Ctx, where: SQL | undefined, limit: number): Promise<(TTrusteeReport & { at: string })[]> {
  const now = ctx.clock.now();
  const stillTrustee = sql`exists (select 1 from ${estateTrustees} where ${estateTrustees.estateId} = ${estateReports.estateId} and ${estateTrustees.userId} = ${ctx.actor.userId})`;
  const rows = await ctx.db
    .selectDistinctOn([estateReports.createdAt, estateReports.id], { ask: trusteeRequests, report: estateReports, ownerName: users.name, at: cursorTime(estateReports.createdAt) })
    .from(trusteeRequests)
    .innerJoin(estateReports, eq(estateReports.id, trusteeRequests.reportId))
    .innerJoin(estates, eq(estates.id, estateReports.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(eq(trusteeRequests.userId, ctx.actor.userId), stillTrustee, where))
    .orderBy(desc(estateReports.createdAt), desc(estateReports.id), desc(trusteeRequests.round))
    .limit(limit);
  const safeguards = await reportSafeguardsViews(ctx.db, rows.map((r) => r.report), now);
  return rows.map(({ ask, report, ownerName, at }) => ({
    at,
    reportId: report.id,
    ownerName,
    reporterName: report.reporterName,
    relationship: report.relationship,
    event: report.event === 'incapacity' ? 'incapacity' : 'death',
    eventDate: report.eventDate,
    reportedAt: report.createdAt.toISOString(),
    reportStatus: report.status,
    safeguards: safeguards.get(report.id)!,
    myAnswer: (ask.answer as 'confirmed' | 'denied' | null) ?? null,
    dueAt: ask.dueAt.toISOString(),
    passedOver: ask.passedOverAt !== null,
    canAnswer: report.status === 'open' && ask.answer === null && ask.passedOverAt === null && ask.dueAt > now,
  }));
}

/** One page of the signed-in trustee's reports, newest first (a time cursor of the report's creation). */
export async function listTrusteeReports(ctx: Ctx, query: TTrusteeReportsQuery): Promise<TTrusteeReports> {
  const rows = await trusteeReportRows(ctx, afterCursor(descending(estateReports.createdAt, estateReports.id), query.cursor), query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.at, r.reportId]);
  return { items: page.map(({ at: _at, ...report }) => report), nextCursor };
}

/**
 * A trustee confirms or denies a report they were asked about: one guarded UPDATE (their own ask,
 * unanswered, not passed over, before its deadline, report still open) so two answers at once count
 * once. Someone not asked (another estate's trustee, anyone else) gets 404. Then the quorum moves
 * on: a denial asks the next in line and alerts the estate administrator. Returns the report as the
 * trustee's list shows it now.
 */
export async function answerTrusteeReport(ctx: Ctx, reportId: string, answer: 'confirm' | 'deny'): Promise<TTrusteeReport> {
  const now = ctx.clock.now();
  const [report] = await ctx.db.select().from(estateReports).where(eq(estateReports.id, reportId));
  if (!report || !(await isTrustee(ctx.db, ctx.actor.userId, report.estateId))) throw notFound('That report');
  const value = answer === 'confirm' ? 'confirmed' : 'denied';
  const asked = async (db: Db) => {
    const [row] = await db.select({ id: trusteeRequests.id }).from(trusteeRequests).where(and(eq(trusteeRequests.reportId, reportId), eq(trusteeRequests.userId, ctx.actor.userId))).limit(1);
    if (!row) throw notFound('That report');
  };
  // The answer, its alert and the quorum's next step (with its notices) commit together (ADR 0077).
  await inMailTransaction(ctx, async (tx) => {
    // Reporter ≠ trustee confirmer ≠ verifier (ADR 0076), asked with the estate row locked.
    await lockEstate(tx.db, report.estateId);
    const refusal = await confirmRefusal(tx.db, ctx.actor.userId, report);
    if (refusal) throw forbidden(refusal);
    if (report.status !== 'open') {
      await asked(tx.db);
      throw conflict('This report is no longer open: there is nothing to answer.');
    }
    const [row] = await tx.db
      .update(trusteeRequests)
      .set({ answer: value, answeredAt: now })
      .where(
        and(
          eq(trusteeRequests.reportId, reportId),
          eq(trusteeRequests.userId, ctx.actor.userId),
          isNull(trusteeRequests.answer),
          isNull(trusteeRequests.passedOverAt),
          gt(trusteeRequests.dueAt, now),
        ),
      )
      .returning();
    if (!row) {
      await asked(tx.db);
      throw conflict('You have already answered, or your time to answer has passed and the next trustee was asked.');
    }
    await audit(tx, { action: value === 'confirmed' ? 'trustee.confirmed_report' : 'trustee.denied_report', estateId: report.estateId, targetType: 'estate_report', targetId: reportId });
    if (value === 'denied') {
      await raiseAlert(tx, {
        estateId: report.estateId,
        type: 'verification',
        priority: 'high',
        message: `${ctx.actor.name}, one of the owner's trustees, denied the report made by ${report.reporterName}. Check it with the family before verifying anything.`,
        dedupeKey: `denied:${reportId}:${ctx.actor.userId}`,
      });
    }
    await advanceQuorum(tx, reportId);
    if (value === 'confirmed') await routeReviewToStaff(tx, report.estateId, reportId);
  });
  const [answered] = await trusteeReportRows(ctx, eq(estateReports.id, reportId), 1);
  if (!answered) throw notFound('That report');
  const { at: _at, ...shown } = answered;
  return shown;
}
