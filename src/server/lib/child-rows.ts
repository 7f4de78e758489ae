import { getTableColumns, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row's child rows as a JSON array built by PostgreSQL in the row's own statement (`[]` when
 * there are none), so a page and its parts come back in one round trip instead of a page and then
 * one query per kind of part. `element` is each child as JSON (json_build_object, or one column),
 * `from` the FROM … WHERE that ties the children to the outer row, `orderBy` their order.
 * node-postgres parses the JSON; times inside it come as text (use isoTime).
 */
export const childRows = <T>(element: SQL, from: SQL, orderBy?: SQL): SQL<T[]> =>
  sql<T[]>`coalesce((select json_agg(${element}${orderBy ? sql` order by ${orderBy}` : sql``}) ${from}), '[]'::json)`;

/** A time as Date#toISOString() writes it (UTC, milliseconds): for times inside JSON built in SQL. */
export const isoTime = (time: AnyColumn | SQL): SQL<string> => sql<string>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The ids as rows of one column `alias(id)`, sent as ONE parameter whatever their number (a
 * prepared statement's text stays the same): to walk each id's own index in a lateral sub-query
 * (`cross join lateral (… where estate_id = alias.id order by … limit n)`) instead of one scan over
 * all of them sorted afterwards.
 */
export const eachId = (ids: readonly string[] | Placeholder, alias: string): SQL =>
  sql`unnest(string_to_array(${Array.isArray(ids) ? idList(ids as readonly string[]) : ids}, ',')::uuid[]) as ${sql.raw(alias)}(id)`;

/** The value `eachId` takes for its ids in a prepared query (a placeholder stands for it). */
export const idList = (ids: readonly string[]): string => ids.join(',');

/**
 * A correlated sub-select to put among a select's columns. Wrapped once more on purpose: drizzle
 * writes the columns of a single-table select's own SQL fields without their table's name, so
 * `"id"` in a sub-select would mean the inner table's id; inside a nested SQL it names its table.
 */
export const subselect = <T>(inner: SQL<T>): SQL<T> => sql<T>`${inner}`;

type Selection = Record<string, AnyColumn | SQL>;
type ValueOf<S extends Selection> = { [K in keyof S]: S[K] extends SQL<infer T> ? T : S[K] extends AnyColumn ? S[K]['_']['data'] | (S[K]['_']['notNull'] extends true ? never : null) : never };
/** Rows as `tableRows` selected them: the table's row, and the extra values beside it. */
export type TableRow<T extends PgTable, E extends Selection> = { row: T['$inferSelect'] } & ValueOf<E>;

/**
 * Whole rows of `table` (as drizzle selects them) and `extra` values beside each, as a JSON array
 * built in the parent statement: for a screen that shows a few rows of several tables, so they
 * all come in one statement. `where` ties them to the parent row, `orderBy` and `limit` pick them,
 * and the array keeps their order; `extra` values are sub-selects correlated on the row. Read it with `fromTableRows`.
 */
export function tableRows<T extends PgTable, E extends Selection = Record<never, never>>(
  table: T,
  options: { where: SQL | undefined; orderBy: readonly (SQL | AnyColumn)[]; limit: number; extra?: E },
): SQL<unknown> {
  const columns = Object.entries(getTableColumns(table));
  const extra = Object.entries(options.extra ?? {});
  // The keys are the code's own names (never input): written as literals.
  const key = (name: string) => sql.raw(`'${name}'`);
  const pairs = [...columns.map(([name, column]) => sql`${key(name)}, ${column}`), sql`'extra', json_build_object(${sql.join(extra.map(([name, value]) => sql`${key(name)}, ${value}`), sql`, `)})`];
  const order = sql.join(options.orderBy.map((term) => sql`${term}`), sql`, `);
  return sql`coalesce((select json_agg(picked.value order by picked.position) from (
    select json_build_object(${sql.join(pairs, sql`, `)}) as value, row_number() over (order by ${order}) as position
    from ${table} where ${options.where ?? sql`true`} order by ${order} limit ${options.limit}) picked), '[]'::json)`;
}

/** The rows of a `tableRows` column, typed as drizzle reads them: its times become Dates again. */
export function fromTableRows<T extends PgTable, E extends Selection = Record<never, never>>(table: T, value: unknown, _extra?: E): TableRow<T, E>[] {
  const times = Object.entries(getTableColumns(table))
    .filter(([, column]) => column.columnType === 'PgTimestamp')
    .map(([key]) => key);
  return (value as ({ extra: ValueOf<E> } & Record<string, unknown>)[]).map(({ extra, ...row }) => {
    for (const key of times) if (typeof row[key] === 'string') row[key] = new Date(row[key]);
    return { row: row as T['$inferSelect'], ...extra };
  });
}
