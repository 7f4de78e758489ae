import type { TAdminReport, TAdminReportQuery } from '../../../core/admin-reports.schemas.ts';
import type { Ctx } from '../../context.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { resolveAdminReportRange, type AdminReportRange } from './admin-report-range.ts';
import { contentCreation } from './content-creation.ts';
import { systemHealth } from './system-health.ts';
import { topInviters } from './top-inviters.ts';
import { userGrowth } from './user-growth.ts';

/** The range of a query in the platform's default time zone (Settings), against the clock. */
export async function adminReportRange(ctx: Ctx, query: Pick<TAdminReportQuery, 'range' | 'from' | 'to'>): Promise<AdminReportRange> {
  const { defaultTimeZone } = await getSystemSettings(ctx.db);
  return resolveAdminReportRange(query, ctx.clock.now(), defaultTimeZone);
}

const sum = <T>(points: T[], key: keyof T) => points.reduce((a, p) => a + Number(p[key]), 0);

/**
 * GET /api/v1/admin/reports: user growth, content creation and system health per bucket of the
 * range, and the top inviters (ADR 0030). Platform-wide counts; no vault content is read.
 */
export async function getAdminReport(ctx: Ctx, query: TAdminReportQuery): Promise<TAdminReport> {
  const range = await adminReportRange(ctx, query);
  const [growth, content, health, inviters] = await Promise.all([
    userGrowth(ctx.db, range),
    contentCreation(ctx.db, range),
    systemHealth(ctx.db, ctx.database, range),
    topInviters(ctx.db, range),
  ]);
  return {
    range: { key: range.key, from: range.from, to: range.to, timeZone: range.timeZone, bucket: range.bucket },
    totals: {
      newUsers: sum(growth, 'newUsers'),
      totalUsers: growth.at(-1)?.totalUsers ?? 0,
      memories: sum(content, 'memories'),
      documents: sum(content, 'documents'),
      futureMessages: sum(content, 'futureMessages'),
      failedSignIns: sum(health, 'failedSignIns'),
      lockOuts: sum(health, 'lockOuts'),
      failedJobs: sum(health, 'failedJobs'),
      mailFailures: sum(health, 'mailFailures'),
      slowRequestAlerts: sum(health, 'slowRequestAlerts'),
    },
    userGrowth: growth,
    contentCreation: content,
    systemHealth: health,
    topInviters: inviters,
    generatedAt: ctx.clock.now().toISOString(),
  };
}
