import { and, asc, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { encodeCursor, type CursorValue } from '../../core/keyset.schemas.ts';

/**
 * Select this beside each row of a list ordered by a time: the row's time as text to the
 * microsecond, as PostgreSQL stores it, for its cursor (core/keyset.schemas.ts, field 'instant').
 */
export const cursorTime = (time: AnyColumn): SQL<string> => sql<string>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One key of a list's order: a column or an expression, and which way it runs. */
export type SortKey = readonly [key: AnyColumn | SQL, direction: 'asc' | 'desc'];
type Keys<K extends readonly (AnyColumn | SQL)[], D extends SortKey[1]> = { readonly [I in keyof K]: readonly [K[I], D] };
/** A cursor's values for the order `K`, one a key. */
export type CursorFor<K extends readonly SortKey[]> = { readonly [I in keyof K]: CursorValue };

/** An order whose keys all run ascending. */
export const ascending = <const K extends readonly (AnyColumn | SQL)[]>(...keys: K) => keys.map((key) => [key, 'asc'] as const) as unknown as Keys<K, 'asc'>;
/** An order whose keys all run descending. */
export const descending = <const K extends readonly (AnyColumn | SQL)[]>(...keys: K) => keys.map((key) => [key, 'desc'] as const) as unknown as Keys<K, 'desc'>;
/** An order as ORDER BY terms. */
export const orderOf = (keys: readonly SortKey[]): SQL[] => keys.map(([key, direction]) => (direction === 'asc' ? asc(key) : desc(key)));

/**
 * The rows after the cursor in the order `keys`, as disjoint conditions in list order. Neighbouring
 * keys that run the same way are compared as one row value, which their index answers; where the
 * direction changes the order splits: for runs r1 … rn, first the rows equal to the cursor on
 * r1 … r(n-1) and after it on rn, then … , last the rows after it on r1. A list may read each part
 * with its own index walk (list-future-messages.ts).
 */
export function afterCursorParts<K extends readonly SortKey[]>(keys: K, cursor: CursorFor<K>): SQL[] {
  const runs: { direction: SortKey[1]; keys: SQL[]; values: SQL[] }[] = [];
  keys.forEach(([key, direction], i) => {
    let run = runs.at(-1);
    if (run?.direction !== direction) runs.push((run = { direction, keys: [], values: [] }));
    run.keys.push(sql`${key}`);
    // A parameter PostgreSQL types by the key it is compared with.
    run.values.push(sql`${cursor[i]}`);
  });
  const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;
  const equal = (run: (typeof runs)[number]) => sql`${row(run.keys)} = ${row(run.values)}`;
  const after = (run: (typeof runs)[number]) => sql`${row(run.keys)} ${run.direction === 'asc' ? sql`>` : sql`<`} ${row(run.values)}`;
  return runs.map((run, i) => and(...runs.slice(0, i).map(equal), after(run))!).reverse();
}

/** The rows after the cursor in the order `keys` (none: every row): one row comparison when all keys run the same way. */
export function afterCursor<K extends readonly SortKey[]>(keys: K, cursor: CursorFor<K> | undefined): SQL | undefined {
  return cursor ? or(...afterCursorParts(keys, cursor)) : undefined;
}

/**
 * A page from rows fetched with `limit(size + 1)`: the first `size`, and the cursor of the last of
 * them — `keyOf` gives its sort-key values, in the order's order — when there was one more (null on
 * the last page).
 */
export function keysetPage<T>(rows: T[], size: number, keyOf: (row: T) => readonly CursorValue[]): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > size && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/**
 * The day of a soonest-first list by an optional day, undated last: order by this, then (time, id)
 * ascending, and index this expression. Its cursor value is the day or 'infinity'.
 */
export const dueDay = (day: AnyColumn): SQL<string> => sql<string>`coalesce(${day}, 'infinity'::date)`;
