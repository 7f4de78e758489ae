import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TReportCell, TReportColumn } from '../../core/estate-administrator-reports.schemas.ts';
import type { Ctx } from '../context.ts';
import type { ReportRange } from './report-range.ts';

/** What each report type computes: its table (at most `limit` rows) and its chart series. */
export interface ReportTable {
  columns: TReportColumn[];
  rows: TReportCell[][];
  truncated: boolean;
  series: { label: string; points: { start: string; value: number }[] };
}

export type ReportBuilder = (ctx: Ctx, range: ReportRange, limit: number) => Promise<ReportTable>;

/** SQL: an instant as ISO 8601 UTC text (the same string from PGlite and PostgreSQL), null stays null. */
export function isoSql(value: PgColumn | SQL): SQL<string | null> {
  return sql<string | null>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** SQL: how many rows of the group match `condition`. */
export function countWhere(condition: SQL): SQL<number> {
  return sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
}

/** SQL: hours between two instants, as a number. */
export function hoursBetween(from: PgColumn | SQL, to: PgColumn | SQL): SQL {
  return sql`extract(epoch from (${to} - ${from})) / 3600.0`;
}

/** Hours rounded to one decimal, null kept. */
export const roundHours = (value: number | string | null): number | null => (value === null ? null : Math.round(Number(value) * 10) / 10);

/** The first `limit` of rows fetched with `limit + 1`, and whether there were more. */
export function capped<T>(rows: T[], limit: number): { rows: T[]; truncated: boolean } {
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}
