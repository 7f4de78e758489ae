import { and, eq, gt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TDatedCursor, TDayCursor, TNameCursor, TDueCursor, TRankedCursor, TSerialTimeCursor, TTimeCursor } from '../../core/keyset.schemas.ts';

/**
 * Select this beside each row of a newest-first list: the row's time as text to the microsecond, as
 * PostgreSQL stores it, for its cursor (core/keyset.schemas.ts timeCursorOf).
 */
export const cursorTime = (time: AnyColumn): SQL<string> => sql<string>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor of a newest-first list ordered by (time DESC, id DESC): one row comparison, index-friendly. */
export function olderThan(time: AnyColumn, id: AnyColumn, cursor: TTimeCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Rows after the cursor of a list ordered by (name ASC, id ASC); `name` a column or an expression. */
export function afterName(name: AnyColumn | SQL, id: AnyColumn, cursor: TNameCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  // A column or an expression (e.g. a beneficiary's "First Last"): the same comparisons either way.
  const key = sql`${name}`;
  return or(gt(key, cursor.name), and(eq(key, cursor.name), gt(id, cursor.id)));
}

/**
 * A page from rows fetched with `limit(size + 1)`: the first `size`, and the cursor of the last of
 * them when there was one more (null on the last page).
 */
export function keysetPage<T>(rows: T[], size: number, cursorOf: (row: T) => string): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > size && last !== undefined ? cursorOf(last) : null };
}

/** Rows after the cursor of a soonest-first list ordered by (time ASC, id ASC) — the mirror of olderThan. */
export function newerThan(time: AnyColumn, id: AnyColumn, cursor: TTimeCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Rows after the cursor of a list ordered by (day DESC, time DESC, id DESC), e.g. memories. */
export function olderThanDated(day: AnyColumn, time: AnyColumn, id: AnyColumn, cursor: TDatedCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${day}, ${time}, ${id}) < (${cursor.day}::date, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Rows after the cursor of a search ordered by (rank DESC, time DESC, id DESC); `rank` a real. */
export function worseMatchThan(rank: SQL, time: AnyColumn, id: AnyColumn, cursor: TRankedCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${rank}, ${time}, ${id}) < (${cursor.rank}::real, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Rows after the cursor of a list ordered by (day DESC, id DESC), e.g. memories by their date. */
export function beforeDay(day: AnyColumn, id: AnyColumn, cursor: TDayCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${day}, ${id}) < (${cursor.day}::date, ${cursor.id}::uuid)`;
}

/** olderThan for rows with a serial (bigint) id: (time, id) DESC, e.g. the audit log. */
export function olderThanSerial(time: AnyColumn, id: AnyColumn, cursor: TSerialTimeCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`;
}

/**
 * The day of a soonest-first list by an optional day, undated last: order by this, then (time, id)
 * ascending, and index this expression.
 */
export const dueDay = (day: AnyColumn): SQL<string> => sql<string>`coalesce(${day}, 'infinity'::date)`;

/** Rows after the cursor of a list ordered by (dueDay(day) ASC, time ASC, id ASC), e.g. a planner's open tasks. */
export function laterDueThan(day: AnyColumn, time: AnyColumn, id: AnyColumn, cursor: TDueCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${dueDay(day)}, ${time}, ${id}) > (${cursor.day ?? 'infinity'}::date, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}
