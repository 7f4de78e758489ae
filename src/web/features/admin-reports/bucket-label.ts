import type { AdminReportBucket } from '../../../core/admin-reports.schemas.ts';

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** A bucket's start, short, for an axis: "17 May", "16 Mar" (a week's Monday), "Jul 2025". */
export function shortBucket(start: string, bucket: AdminReportBucket): string {
  const [y, m, d] = parts(start);
  const date = new Date(y, m - 1, d);
  return bucket === 'month' ? date.toLocaleDateString('en-GB', { month: 'short', year: 'numeric' }) : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}

/** A bucket in words, for tables and tooltips: "17 May 2026", "Week of 16 Mar 2026", "July 2025". */
export function longBucket(start: string, bucket: AdminReportBucket): string {
  const [y, m, d] = parts(start);
  const date = new Date(y, m - 1, d);
  if (bucket === 'month') return date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return bucket === 'week' ? `Week of ${day}` : day;
}

export const BUCKET_WORD: Record<AdminReportBucket, { one: string; per: string }> = {
  day: { one: 'Day', per: 'per day' },
  week: { one: 'Week', per: 'per week' },
  month: { one: 'Month', per: 'per month' },
};
