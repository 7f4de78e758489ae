/**
 * The platform admin's Reports (wireframe "Admin screens": system health, user growth, content
 * creation, top inviters, user feedback, Export Reports; issue 11 item 4; ADR 0030):
 *
 *   GET /api/v1/admin/reports?range&from&to             → ZAdminReport
 *   GET /api/v1/admin/reports.csv?report&range&from&to  → text/csv attachment
 *
 * `range` is 30d | 90d | 12m | custom (custom needs `from` and `to`, YYYY-MM-DD, from ≤ to, at most
 * two years apart). Days are calendar days in the platform's default time zone, both ends included.
 * Buckets are days up to 31 days, weeks (Monday to Sunday) up to 183 days, months beyond — each
 * computed in SQL with date_trunc in that time zone. Counts only: no vault content.
 */
import { z } from 'zod';
import { zIsoDate } from './common.schemas.ts';

export const ADMIN_REPORT_RANGE_KEYS = ['30d', '90d', '12m', 'custom'] as const;
export type AdminReportRangeKey = (typeof ADMIN_REPORT_RANGE_KEYS)[number];
export const ADMIN_REPORT_RANGE_LABELS: Record<AdminReportRangeKey, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom range',
};
export const DEFAULT_ADMIN_REPORT_RANGE: AdminReportRangeKey = '30d';

/** A custom range may span at most this many calendar days, both ends included (two years, a leap day too). */
export const MAX_ADMIN_REPORT_DAYS = 731;
/** Ranges up to this many days are counted by day, up to WEEKLY_MAX_DAYS by week, longer ones by month. */
export const DAILY_MAX_DAYS = 31;
export const WEEKLY_MAX_DAYS = 183;

export const ADMIN_REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type AdminReportBucket = (typeof ADMIN_REPORT_BUCKETS)[number];

/** How many users the Top inviters table ranks. */
export const TOP_INVITERS_LIMIT = 10;
/** Most feedback messages one CSV export holds (newest first). */
export const FEEDBACK_CSV_LIMIT = 5000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Calendar days from `from` to `to`, both included (YYYY-MM-DD strings). */
export function spanDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The bucket a range of `days` days is counted in. */
export const bucketFor = (days: number): AdminReportBucket => (days <= DAILY_MAX_DAYS ? 'day' : days <= WEEKLY_MAX_DAYS ? 'week' : 'month');

/** What one CSV export holds (Export Reports): the series of the range, the top inviters, or the feedback sent in it. */
export const ADMIN_REPORT_CSV_KINDS = ['series', 'top-inviters', 'feedback'] as const;
export type AdminReportCsvKind = (typeof ADMIN_REPORT_CSV_KINDS)[number];
export const ADMIN_REPORT_CSV_LABELS: Record<AdminReportCsvKind, string> = {
  series: 'Growth, content and system health over time',
  'top-inviters': 'Top inviters',
  feedback: 'User feedback',
};

const zReportDate = zIsoDate.refine((d) => d >= '2000-01-01' && d <= '2999-12-31', { message: 'Choose a date between 2000 and 2999' });

const rangeFields = {
  range: z.enum(ADMIN_REPORT_RANGE_KEYS, { message: `Must be one of ${ADMIN_REPORT_RANGE_KEYS.join(', ')}` }).default(DEFAULT_ADMIN_REPORT_RANGE),
  /** Only read with range=custom. */
  from: zReportDate.optional(),
  to: zReportDate.optional(),
};

function checkCustomRange(q: { range: AdminReportRangeKey; from?: string | undefined; to?: string | undefined }, issues: z.RefinementCtx) {
  if (q.range !== 'custom') return;
  if (!q.from) issues.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start date for a custom range' });
  if (!q.to) issues.addIssue({ code: 'custom', path: ['to'], message: 'Choose an end date for a custom range' });
  if (!q.from || !q.to) return;
  const days = spanDays(q.from, q.to);
  if (days < 1) issues.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  else if (days > MAX_ADMIN_REPORT_DAYS) issues.addIssue({ code: 'custom', path: ['to'], message: 'A custom range can span at most two years' });
}

export const ZAdminReportQuery = z.object(rangeFields).strict().superRefine(checkCustomRange);
export type TAdminReportQuery = z.output<typeof ZAdminReportQuery>;

export const ZAdminReportCsvQuery = z
  .object({ ...rangeFields, report: z.enum(ADMIN_REPORT_CSV_KINDS, { message: `Must be one of ${ADMIN_REPORT_CSV_KINDS.join(', ')}` }).default('series') })
  .strict()
  .superRefine(checkCustomRange);
export type TAdminReportCsvQuery = z.output<typeof ZAdminReportCsvQuery>;

export const ZUserGrowthPoint = z.object({
  /** the bucket's first day (a Monday for weeks, the 1st for months; may precede the range's first day) */
  start: zIsoDate,
  newUsers: z.number(),
  /** accounts that existed at the end of the bucket (running total) */
  totalUsers: z.number(),
});
export const ZContentPoint = z.object({ start: zIsoDate, memories: z.number(), documents: z.number(), futureMessages: z.number() });
export const ZHealthPoint = z.object({
  start: zIsoDate,
  failedSignIns: z.number(),
  lockOuts: z.number(),
  failedJobs: z.number(),
  mailFailures: z.number(),
  slowRequestAlerts: z.number(),
});
export type TUserGrowthPoint = z.infer<typeof ZUserGrowthPoint>;
export type TContentPoint = z.infer<typeof ZContentPoint>;
export type THealthPoint = z.infer<typeof ZHealthPoint>;

export type ContentKey = Exclude<keyof TContentPoint, 'start'>;
export type HealthKey = Exclude<keyof THealthPoint, 'start'>;
export const CONTENT_LABELS: Record<ContentKey, string> = { memories: 'Memories', documents: 'Documents', futureMessages: 'Future messages' };
export const HEALTH_LABELS: Record<HealthKey, string> = {
  failedSignIns: 'Failed sign-ins',
  lockOuts: 'Lock-outs',
  failedJobs: 'Failed jobs',
  mailFailures: 'Mail failures',
  slowRequestAlerts: 'Slow-request alerts',
};

export const ZTopInviter = z.object({ userId: z.string(), name: z.string(), sent: z.number(), accepted: z.number() });
export type TTopInviter = z.infer<typeof ZTopInviter>;

export const ZAdminReport = z.object({
  range: z.object({ key: z.enum(ADMIN_REPORT_RANGE_KEYS), from: zIsoDate, to: zIsoDate, timeZone: z.string(), bucket: z.enum(ADMIN_REPORT_BUCKETS) }),
  /** the range's sums; totalUsers is the count at its end */
  totals: z.object({
    newUsers: z.number(),
    totalUsers: z.number(),
    memories: z.number(),
    documents: z.number(),
    futureMessages: z.number(),
    failedSignIns: z.number(),
    lockOuts: z.number(),
    failedJobs: z.number(),
    mailFailures: z.number(),
    slowRequestAlerts: z.number(),
  }),
  userGrowth: z.array(ZUserGrowthPoint),
  contentCreation: z.array(ZContentPoint),
  systemHealth: z.array(ZHealthPoint),
  /** invitations sent in the range by each user, and how many of them were accepted; most sent first */
  topInviters: z.array(ZTopInviter),
  generatedAt: z.string(),
});
export type TAdminReport = z.infer<typeof ZAdminReport>;
