import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor of a page's last row in a list ordered newest first by (created at, id): "<ISO instant>|<uuid>". */
export const newestFirstCursor = (row: { createdAt: Date | string; id: string }): string =>
  `${typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString()}|${row.id}`;

/**
 * SQL: the rows after `cursor` in a list ordered by (createdAt desc, id desc); undefined without one.
 * A cursor that is not "<instant>|<uuid>" is a 400 (the list's page link was altered).
 */
export function afterNewestFirst(createdAt: PgColumn, id: PgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, rowId] = cursor.split('|');
  const when = at ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime()) || !rowId || !UUID.test(rowId)) {
    throw badRequest('That page link is not valid. Reload the list.', { cursor: 'Not a valid cursor' });
  }
  return or(lt(createdAt, when), and(eq(createdAt, when), lt(id, rowId)));
}
