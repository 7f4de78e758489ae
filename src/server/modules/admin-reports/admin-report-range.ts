import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { bucketFor, spanDays, type AdminReportBucket, type AdminReportRangeKey, type TAdminReportQuery } from '../../../core/admin-reports.schemas.ts';
import { todayIn } from '../../../core/delivery-rules.ts';
import { addDays, addMonths, rangeBounds } from '../../lib/report-range.ts';

/** An admin report's range resolved against the clock: calendar days in `timeZone`, both ends included. */
export interface AdminReportRange {
  key: AdminReportRangeKey;
  from: string;
  to: string;
  timeZone: string;
  /** the first instant of `from` and the first instant after `to`, in `timeZone` */
  start: Date;
  end: Date;
  bucket: AdminReportBucket;
  /** the first day of every bucket touching the range, in order (date_trunc's: Mondays, 1sts) */
  buckets: string[];
}

/** The first day of the bucket `date` falls in: itself, its week's Monday, or its month's 1st (as date_trunc). */
export function truncateDay(date: string, bucket: AdminReportBucket): string {
  if (bucket === 'day') return date;
  if (bucket === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -weekday);
}

const nextBucket = (start: string, bucket: AdminReportBucket) => (bucket === 'day' ? addDays(start, 1) : bucket === 'week' ? addDays(start, 7) : addMonths(start, 1));

/**
 * "Last 30 days" and "Last 90 days" end today and include it; "Last 12 months" runs from the 1st of
 * the month eleven months ago to today (twelve monthly buckets, the last one month to date); a custom
 * range is taken as given (ZAdminReportQuery has checked it).
 */
export function resolveAdminReportRange(query: Pick<TAdminReportQuery, 'range' | 'from' | 'to'>, now: Date, timeZone: string): AdminReportRange {
  const today = todayIn(now, timeZone);
  const [from, to] =
    query.range === '30d'
      ? [addDays(today, -29), today]
      : query.range === '90d'
        ? [addDays(today, -89), today]
        : query.range === '12m'
          ? [`${addMonths(today, -11).slice(0, 7)}-01`, today]
          : [query.from!, query.to!];
  const bucket = bucketFor(spanDays(from, to));
  const buckets: string[] = [];
  for (let b = truncateDay(from, bucket); b <= to; b = nextBucket(b, bucket)) buckets.push(b);
  return {
    key: query.range,
    from,
    to,
    timeZone,
    ...rangeBounds(from, to, timeZone),
    bucket,
    buckets,
  };
}

/** SQL: the first day (YYYY-MM-DD) of the bucket a timestamptz falls in, by date_trunc on its wall-clock time in the range's zone. */
export function bucketStart(column: PgColumn | SQL, range: AdminReportRange): SQL<string> {
  return sql<string>`to_char(date_trunc(${range.bucket}, ${column} at time zone ${range.timeZone}), 'YYYY-MM-DD')`;
}

/** Rows of { bucket, …counts } → a map from bucket to the row. */
export function byBucket<T extends { bucket: string }>(rows: T[]): Map<string, T> {
  return new Map(rows.map((r) => [r.bucket, r]));
}
