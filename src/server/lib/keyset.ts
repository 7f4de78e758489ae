import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './app-error.ts';

/**
 * Keyset paging, newest first, over an index on (created_at, id). The cursor is the last row's
 * created_at to the microsecond (as PostgreSQL stores it: a JavaScript Date would drop the last
 * three digits and skip or repeat rows) and its id: "<timestamp>|<uuid>".
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Select this beside each row; the last row's value is the next page's cursor (with its id). */
export const cursorTime = (createdAt: PgColumn): SQL<string> => sql<string>`to_char(${createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const cursorOf = (row: { cursorAt: string; id: string }) => `${row.cursorAt}|${row.id}`;

/** The rows after the cursor's row in (created_at DESC, id DESC) order; a 400 for a cursor that is not one. */
export function newestFirstAfter(createdAt: PgColumn, id: PgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const match = CURSOR.exec(cursor);
  if (!match)
    throw badRequest('That page link is not valid. Reload the list.', {
      cursor: 'Not a valid cursor',
    });
  return sql`(${createdAt}, ${id}) < (${match[1]}::timestamptz, ${match[2]}::uuid)`;
}

/** One page of `size` from `size + 1` rows fetched, and the cursor of the next page (null: the last page). */
export function pageOf<T extends { cursorAt: string; id: string }>(rows: T[], size: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    page,
    nextCursor: rows.length > size && last ? cursorOf(last) : null,
  };
}
