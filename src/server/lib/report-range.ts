import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { todayIn, zonedDateAtHour } from '../../core/delivery-rules.ts';
import { DAILY_SERIES_MAX_DAYS, daysInclusive, type DateRangeKey, type TParsedReportQuery } from '../../core/estate-administrator-reports.schemas.ts';

/** A report's range resolved against the clock: calendar days in `timeZone`, both ends included. */
export interface ReportRange {
  key: DateRangeKey;
  from: string;
  to: string;
  timeZone: string;
  /** the first instant of `from` and the first instant after `to`, in `timeZone` */
  start: Date;
  end: Date;
  bucket: 'day' | 'week';
  /** the first day of every bucket, in order */
  buckets: string[];
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const DAY = 24 * 60 * 60 * 1000;

export const addDays = (date: string, n: number): string => ymd(dayMs(date) + n * DAY);

/** The same day `n` months earlier or later, clamped to the month's end (31 May − 3 months → 28/29 Feb). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return ymd(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/** The first instant of `from` and the first instant after `to`, both calendar days in `timeZone`. */
export function rangeBounds(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedDateAtHour(from, 0, timeZone), end: zonedDateAtHour(addDays(to, 1), 0, timeZone) };
}

/**
 * "Last 7 days" and "Last 30 days" end today and include it (7 and 30 calendar days); "Last 3
 * months" starts the day after the same date three months ago; a custom range is taken as given
 * (ZReportQuery has checked it). Up to DAILY_SERIES_MAX_DAYS days are charted by day, longer by
 * week (weeks start on `from`).
 */
export function resolveReportRange(query: Pick<TParsedReportQuery, 'range' | 'from' | 'to'>, now: Date, timeZone: string): ReportRange {
  const today = todayIn(now, timeZone);
  const [from, to] =
    query.range === '7d'
      ? [addDays(today, -6), today]
      : query.range === '30d'
        ? [addDays(today, -29), today]
        : query.range === '3m'
          ? [addDays(addMonths(today, -3), 1), today]
          : [query.from!, query.to!];
  const days = daysInclusive(from, to);
  const bucket = days <= DAILY_SERIES_MAX_DAYS ? 'day' : 'week';
  const step = bucket === 'day' ? 1 : 7;
  const buckets: string[] = [];
  for (let i = 0; i < days; i += step) buckets.push(addDays(from, i));
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

/** SQL: `column` (a timestamptz) falls inside the range. */
export function inRange(column: PgColumn | SQL, range: Pick<ReportRange, 'start' | 'end'>): SQL {
  return sql`(${column} >= ${range.start.toISOString()}::timestamptz and ${column} < ${range.end.toISOString()}::timestamptz)`;
}

/** SQL: the first day (YYYY-MM-DD, in the range's time zone) of the bucket `column` falls in. */
export function bucketOf(column: PgColumn | SQL, range: ReportRange): SQL<string> {
  const step = range.bucket === 'day' ? 1 : 7;
  const day = sql`(${column} at time zone ${range.timeZone})::date`;
  return sql<string>`to_char(${range.from}::date + ((${day} - ${range.from}::date) / ${step}::int) * ${step}::int, 'YYYY-MM-DD')`;
}

/** Every bucket of the range with its count (zeros filled in), from SQL rows of { bucket, n }. */
export function fillSeries(range: ReportRange, rows: { bucket: string; n: number }[]): { start: string; value: number }[] {
  const counts = new Map(rows.map((r) => [r.bucket, Number(r.n)]));
  return range.buckets.map((start) => ({ start, value: counts.get(start) ?? 0 }));
}
