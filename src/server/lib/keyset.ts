import { and, eq, gt, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TNameCursor, TTimeCursor } from '../../core/keyset.schemas.ts';

/** Rows after the cursor of a newest-first list ordered by (time DESC, id DESC). */
export function olderThan(time: AnyColumn, id: AnyColumn, cursor: TTimeCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(time, cursor.at), and(eq(time, cursor.at), lt(id, cursor.id)));
}

/** Rows after the cursor of a list ordered by (name ASC, id ASC). */
export function afterName(name: AnyColumn, id: AnyColumn, cursor: TNameCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(gt(name, cursor.name), and(eq(name, cursor.name), gt(id, cursor.id)));
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
