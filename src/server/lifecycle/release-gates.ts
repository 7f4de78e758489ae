/**
 * The two gates of the release safeguards (issue 13, part C), called by applyTransition — the one
 * place an estate's status changes — so no route, job or future path can skip them:
 * - `proofs_verified` needs the trustee quorum of the open report;
 * - `activated` needs the veto window of the report to be over.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { countdownWords, vetoWindowEnd, windowOver } from '../../core/quorum.ts';
import type { Db } from '../db/client.ts';
import { estateReports } from '../db/schema/lifecycle.ts';
import { reportSafeguards, trusteeRequests } from '../db/schema/report-safeguards.ts';
import { conflict } from '../lib/app-error.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';
import { releaseRulesOf } from '../settings/release-rules-of.ts';

type ReportRow = typeof estateReports.$inferSelect;

/** The report the estate's current lifecycle rests on: the newest open or verified one. */
export async function currentReportOf(db: Db, estateId: string): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(estateReports)
    .where(and(eq(estateReports.estateId, estateId), inArray(estateReports.status, ['open', 'verified'])))
    .orderBy(desc(estateReports.createdAt))
    .limit(1);
  return row ?? null;
}

/** When a report's veto window ends (stored when it was made; for an older report, from the current rules). */
export async function windowEndOf(db: Db, report: Pick<ReportRow, 'id' | 'estateId' | 'createdAt'>): Promise<Date> {
  const [row] = await db.select({ windowEndsAt: reportSafeguards.windowEndsAt }).from(reportSafeguards).where(eq(reportSafeguards.reportId, report.id));
  if (row) return row.windowEndsAt;
  // One after another: `db` may be a transaction (one connection).
  const { vetoDays } = await releaseRulesOf(db, report.estateId);
  const { defaultTimeZone } = await getSystemSettings(db);
  return vetoWindowEnd(report.createdAt, vetoDays, defaultTimeZone);
}

/** Distinct trustees other than the reporter who confirmed a report. */
export async function confirmationsFor(db: Db, report: Pick<ReportRow, 'id' | 'reportedBy'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${trusteeRequests.userId})::int` })
    .from(trusteeRequests)
    .where(
      and(
        eq(trusteeRequests.reportId, report.id),
        eq(trusteeRequests.answer, 'confirmed'),
        report.reportedBy ? ne(trusteeRequests.userId, report.reportedBy) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** 409 unless the open report has the confirmations it needs (no trustees named: none needed). */
export async function assertQuorumReached(tx: Db, estateId: string): Promise<void> {
  const report = await currentReportOf(tx, estateId);
  if (!report) return;
  const [safeguards] = await tx.select().from(reportSafeguards).where(eq(reportSafeguards.reportId, report.id));
  if (!safeguards || safeguards.quorumNeeded === 0) return;
  const confirmed = await confirmationsFor(tx, report);
  if (confirmed < safeguards.quorumNeeded) {
    throw conflict(
      `The owner's trustees must confirm this report first: ${confirmed} of the ${safeguards.quorumNeeded} confirmations needed so far. The proofs cannot be verified until then.`,
    );
  }
}

/**
 * 409 while the veto window of the estate's report is still running: nothing can be activated
 * before it ends, whoever approves. For the lead to apply to other activations (incapacity mode).
 */
export async function assertReleaseWindowOver(tx: Db, estateId: string, now: Date): Promise<void> {
  const report = await currentReportOf(tx, estateId);
  if (!report) return;
  const end = await windowEndOf(tx, report);
  if (!windowOver(end, now)) throw conflict(`The owner's waiting period is still running. ${countdownWords(end, now)}.`);
}
