import {
  REPORT_ROW_LIMIT,
  REPORT_TYPE_DESCRIPTIONS,
  REPORT_TYPE_LABELS,
  type ReportTypeSlug,
  type TEstateAdministratorReport,
  type TParsedReportQuery,
} from '../../../core/estate-administrator-reports.schemas.ts';
import type { Ctx } from '../../context.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { beneficiaryAccess } from './beneficiary-access.ts';
import { estateActivity } from './estate-activity.ts';
import { reportKpis } from './report-kpis.ts';
import { resolveReportRange } from '../../lib/report-range.ts';
import type { ReportBuilder } from '../../lib/report-table.ts';
import { securityAudit } from './security-audit.ts';
import { verificationAnalytics } from './verification-analytics.ts';

const BUILDERS: Record<ReportTypeSlug, ReportBuilder> = {
  'estate-activity': estateActivity,
  'verification-analytics': verificationAnalytics,
  'security-audit': securityAudit,
  'beneficiary-access': beneficiaryAccess,
};

/**
 * One report of the estates the actor administers (ADR 0020): the range resolved in the platform's
 * default time zone, the KPI tiles, the report's table (at most `limit` rows, `truncated` when
 * there were more) and its chart series. An administrator of no estate gets zeros and no rows.
 */
export async function getEstateAdministratorReport(ctx: Ctx, query: TParsedReportQuery, limit = REPORT_ROW_LIMIT): Promise<TEstateAdministratorReport> {
  const { defaultTimeZone } = await getSystemSettings(ctx.db);
  const now = ctx.clock.now();
  const range = resolveReportRange(query, now, defaultTimeZone);
  const [kpis, table] = await Promise.all([reportKpis(ctx, range), BUILDERS[query.type](ctx, range, limit)]);
  return {
    type: query.type,
    title: REPORT_TYPE_LABELS[query.type],
    description: REPORT_TYPE_DESCRIPTIONS[query.type],
    range: { key: range.key, from: range.from, to: range.to, timeZone: range.timeZone },
    kpis,
    columns: table.columns,
    rows: table.rows,
    truncated: table.truncated,
    rowLimit: limit,
    series: { label: table.series.label, bucket: range.bucket, points: table.series.points },
    generatedAt: now.toISOString(),
  };
}
