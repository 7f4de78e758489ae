import { eq } from 'drizzle-orm';
import { countdownWords, windowOver } from '../../../core/quorum.ts';
import type { TReportSafeguards } from '../../../core/trustee.schemas.ts';
import type { Db } from '../../db/client.ts';
import type { estateReports } from '../../db/schema/lifecycle.ts';
import { reportSafeguards } from '../../db/schema/report-safeguards.ts';
import { confirmationsFor, windowEndOf } from './gates.ts';

/** A report's countdown and quorum, as everyone involved sees it. */
export async function reportSafeguardsView(db: Db, report: typeof estateReports.$inferSelect, now: Date): Promise<TReportSafeguards> {
  const [row] = await db.select({ quorumNeeded: reportSafeguards.quorumNeeded }).from(reportSafeguards).where(eq(reportSafeguards.reportId, report.id));
  const end = await windowEndOf(db, report);
  return {
    windowEndsAt: end.toISOString(),
    countdown: countdownWords(end, now),
    windowOver: windowOver(end, now),
    quorumNeeded: row?.quorumNeeded ?? 0,
    confirmations: await confirmationsFor(db, report),
  };
}
