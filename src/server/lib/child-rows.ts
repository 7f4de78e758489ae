import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

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
