import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { countdownWords, vetoWindowEnd, windowOver } from '../../core/quorum.ts';
import { DEFAULT_RELEASE_RULES } from '../../core/safeguards.schemas.ts';
import type { TReportSafeguards } from '../../core/trustee.schemas.ts';
import type { Db } from '../db/client.ts';
import { estateReports } from '../db/schema/lifecycle.ts';
import { reportSafeguards, trusteeRequests } from '../db/schema/report-safeguards.ts';
import { releaseRules } from '../db/schema/safeguards.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';

type ReportRow = typeof estateReports.$inferSelect;

/** A report's countdown and quorum, as everyone involved sees it. */
export async function reportSafeguardsView(db: Db, report: ReportRow, now: Date): Promise<TReportSafeguards> {
  return (await reportSafeguardsViews(db, [report], now)).get(report.id)!;
}

/**
 * The countdown and quorum of many reports in at most four queries, whatever their number: their
 * safeguards, their confirmations (distinct trustees other than the reporter, as release-gates.ts
 * confirmationsFor counts them), and — only for a report from before safeguards were recorded —
 * its estate's veto days and the platform's time zone (as release-gates.ts windowEndOf falls back).
 */
export async function reportSafeguardsViews(db: Db, reports: readonly ReportRow[], now: Date): Promise<Map<string, TReportSafeguards>> {
  const out = new Map<string, TReportSafeguards>();
  if (!reports.length) return out;
  const ids = reports.map((r) => r.id);
  const [kept, confirmed] = await Promise.all([
    db.select().from(reportSafeguards).where(inArray(reportSafeguards.reportId, ids)),
    db
      .select({
        reportId: trusteeRequests.reportId,
        n: sql<number>`count(distinct ${trusteeRequests.userId})::int`.mapWith(Number),
      })
      .from(trusteeRequests)
      .innerJoin(estateReports, eq(estateReports.id, trusteeRequests.reportId))
      .where(
        and(
          inArray(trusteeRequests.reportId, ids),
          eq(trusteeRequests.answer, 'confirmed'),
          or(isNull(estateReports.reportedBy), sql`${trusteeRequests.userId} is distinct from ${estateReports.reportedBy}`),
        ),
      )
      .groupBy(trusteeRequests.reportId),
  ]);
  const safeguardsOf = new Map(kept.map((k) => [k.reportId, k]));
  const older = reports.filter((r) => !safeguardsOf.has(r.id));
  const [rules, settings] = older.length
    ? await Promise.all([
        db
          .select({
            estateId: releaseRules.estateId,
            vetoDays: releaseRules.vetoDays,
          })
          .from(releaseRules)
          .where(
            inArray(
              releaseRules.estateId,
              older.map((r) => r.estateId),
            ),
          ),
        getSystemSettings(db),
      ])
    : [[], null];
  for (const report of reports) {
    const safeguards = safeguardsOf.get(report.id);
    const vetoDays = rules.find((r) => r.estateId === report.estateId)?.vetoDays ?? DEFAULT_RELEASE_RULES.vetoDays;
    const end = safeguards?.windowEndsAt ?? vetoWindowEnd(report.createdAt, vetoDays, settings?.defaultTimeZone ?? 'UTC');
    out.set(report.id, {
      windowEndsAt: end.toISOString(),
      countdown: countdownWords(end, now),
      windowOver: windowOver(end, now),
      quorumNeeded: safeguards?.quorumNeeded ?? 0,
      confirmations: confirmed.find((c) => c.reportId === report.id)?.n ?? 0,
    });
  }
  return out;
}
