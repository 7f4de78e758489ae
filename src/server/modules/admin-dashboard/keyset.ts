import type { SQL } from 'drizzle-orm';
import { badRequest } from '../../lib/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor of a list ordered by (created_at DESC, id DESC): "<created at ISO>|<id>" of a page's last row. */
export const timeIdCursor = (at: Date, id: string) => `${at.toISOString()}|${id}`;

/** A cursor this server wrote → the condition for the rows after it (`after(at, id)`); a forged one is a 400. */
export function createdAtCursor(cursor: string | undefined, after: (at: Date, id: string) => SQL): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('|');
  const when = at ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime()) || !id || !UUID.test(id)) {
    throw badRequest('That page link is not valid. Reload the list.', { cursor: 'Not a valid cursor' });
  }
  return after(when, id);
}
