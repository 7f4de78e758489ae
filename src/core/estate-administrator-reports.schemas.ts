/**
 * The estate administrator's Reports and analytics (wireframe: "Reports and analytics", §9 REPORT_TYPES
 * and DATE_RANGE_OPTIONS; ADR 0020), computed from real data of the estates they administer:
 *
 *   GET /api/v1/estate-admin/reports?type&range&from&to       → ZEstateAdministratorReport
 *   GET /api/v1/estate-admin/reports.csv?type&range&from&to   → text/csv (the same table)
 *
 * `type` is a report slug (estate-activity | verification-analytics | security-audit |
 * beneficiary-access); `range` is 7d | 30d | 3m | custom (custom needs `from` and `to`,
 * YYYY-MM-DD, from ≤ to, at most one year apart). Days are calendar days in the platform's default
 * time zone, both ends included.
 */
import { z } from 'zod';
import { zIsoDate } from './common.schemas.ts';
import { DATE_RANGE_OPTIONS, REPORT_TYPES } from './constants.ts';

/** URL slug → the wireframe's name (§9 REPORT_TYPES, in its order). */
export const REPORT_TYPE_SLUGS = ['estate-activity', 'verification-analytics', 'security-audit', 'beneficiary-access'] as const;
export type ReportTypeSlug = (typeof REPORT_TYPE_SLUGS)[number];
export const REPORT_TYPE_LABELS = Object.fromEntries(REPORT_TYPE_SLUGS.map((slug, i) => [slug, REPORT_TYPES[i]!])) as Record<
  ReportTypeSlug,
  (typeof REPORT_TYPES)[number]
>;

/** What each report counts, in a sentence (shown under the report's title; ADR 0020). */
export const REPORT_TYPE_DESCRIPTIONS: Record<ReportTypeSlug, string> = {
  'estate-activity': 'Status changes of each estate you administer (reported, verified, returned to planning, activated).',
  'verification-analytics': 'Proof documents submitted, verified and rejected, and how long they waited for a review.',
  'security-audit': 'Security events on your estates: document previews, reviews, status changes and failed actions. Ids and actions only.',
  'beneficiary-access': 'Shared files downloaded by each beneficiary, and how many of those came after the estate was activated.',
};

/** URL value → the wireframe's name (§9 DATE_RANGE_OPTIONS, in its order). */
export const DATE_RANGE_KEYS = ['7d', '30d', '3m', 'custom'] as const;
export type DateRangeKey = (typeof DATE_RANGE_KEYS)[number];
export const DATE_RANGE_LABELS = Object.fromEntries(DATE_RANGE_KEYS.map((key, i) => [key, DATE_RANGE_OPTIONS[i]!])) as Record<
  DateRangeKey,
  (typeof DATE_RANGE_OPTIONS)[number]
>;
export const DEFAULT_DATE_RANGE: DateRangeKey = '30d';

/** Most rows a report returns as JSON, and in its CSV; `truncated` says when there were more. */
export const REPORT_ROW_LIMIT = 500;
export const REPORT_CSV_ROW_LIMIT = 5000;
/** A custom range may span at most this many calendar days, both ends included (one year, leap day too). */
export const MAX_CUSTOM_RANGE_DAYS = 366;
/** Ranges up to this many days are charted by day; longer ones by week. */
export const DAILY_SERIES_MAX_DAYS = 31;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Calendar days from `from` to `to`, both included (YYYY-MM-DD strings). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const zReportDate = zIsoDate.refine((d) => d >= '1900-01-01' && d <= '2999-12-31', { message: 'Choose a date between 1900 and 2999' });

export const ZReportQuery = z
  .object({
    type: z.enum(REPORT_TYPE_SLUGS, { message: `Must be one of ${REPORT_TYPE_SLUGS.join(', ')}` }),
    range: z.enum(DATE_RANGE_KEYS, { message: `Must be one of ${DATE_RANGE_KEYS.join(', ')}` }).default(DEFAULT_DATE_RANGE),
    /** Only read with range=custom; years 1900–2999 (the database's and the report's sensible span). */
    from: zReportDate.optional(),
    to: zReportDate.optional(),
  })
  .strict()
  .superRefine((q, issues) => {
    if (q.range !== 'custom') return;
    if (!q.from) issues.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start date for a custom range' });
    if (!q.to) issues.addIssue({ code: 'custom', path: ['to'], message: 'Choose an end date for a custom range' });
    if (!q.from || !q.to) return;
    const days = daysInclusive(q.from, q.to);
    if (days < 1) issues.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
    else if (days > MAX_CUSTOM_RANGE_DAYS) issues.addIssue({ code: 'custom', path: ['to'], message: 'A custom range can span at most one year' });
  });
export type TReportQuery = z.input<typeof ZReportQuery>;
export type TParsedReportQuery = z.output<typeof ZReportQuery>;

/** The KPI tiles: the same six for every report type, over the chosen range (ADR 0020). */
export const ZReportKpis = z.object({
  /** estates the administrator administers now (not range-bound) */
  estatesAdministered: z.number(),
  /** death or incapacity reports received in the range */
  reportsReceived: z.number(),
  /** proof documents reviewed (verified or rejected) in the range */
  verificationsCompleted: z.number(),
  /** mean hours from submission to review of those documents; null when none was reviewed */
  averageHoursToVerify: z.number().nullable(),
  /** estates activated in the range */
  activations: z.number(),
  /** shared-file downloads by beneficiaries in the range, after their estate was activated */
  beneficiaryDownloadsAfterActivation: z.number(),
});
export type TReportKpis = z.infer<typeof ZReportKpis>;
export type ReportKpiKey = keyof TReportKpis;
export const REPORT_KPI_LABELS: Record<ReportKpiKey, string> = {
  estatesAdministered: 'Estates administered',
  reportsReceived: 'Reports received',
  verificationsCompleted: 'Verifications completed',
  averageHoursToVerify: 'Average time to verify',
  activations: 'Activations',
  beneficiaryDownloadsAfterActivation: 'Downloads after activation',
};

/** How a column's cells read: text, a count or figure, an instant (ISO 8601), or an estate status key. */
export const REPORT_COLUMN_KINDS = ['text', 'number', 'datetime', 'status'] as const;
export const ZReportColumn = z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) });
export type TReportColumn = z.infer<typeof ZReportColumn>;
export const ZReportCell = z.union([z.string(), z.number(), z.null()]);
export type TReportCell = z.infer<typeof ZReportCell>;

export const ZReportSeries = z.object({
  /** what is counted, e.g. "Status changes" */
  label: z.string(),
  bucket: z.enum(['day', 'week']),
  /** every bucket of the range in order, zeros included; `start` is the bucket's first day */
  points: z.array(z.object({ start: zIsoDate, value: z.number() })),
});
export type TReportSeries = z.infer<typeof ZReportSeries>;

export const ZEstateAdministratorReport = z.object({
  type: z.enum(REPORT_TYPE_SLUGS),
  title: z.string(),
  description: z.string(),
  range: z.object({ key: z.enum(DATE_RANGE_KEYS), from: zIsoDate, to: zIsoDate, timeZone: z.string() }),
  kpis: ZReportKpis,
  columns: z.array(ZReportColumn),
  /** one array of cells per row, in `columns` order; at most REPORT_ROW_LIMIT */
  rows: z.array(z.array(ZReportCell)),
  /** true when there were more rows than the limit (the newest or largest come first) */
  truncated: z.boolean(),
  rowLimit: z.number(),
  series: ZReportSeries,
  generatedAt: z.string(),
});
export type TEstateAdministratorReport = z.infer<typeof ZEstateAdministratorReport>;
