import { expect } from 'vitest';
import { injectAs, type TestApp, type TestSession } from './helpers.ts';

/**
 * Every page of a keyset list, first to last, as `session`: `url` with `limit` (and the previous
 * page's cursor), each page asserted 200. `itemsOf` picks the list out of a page's body. Stops with
 * a failure after `maxPages` so a cursor that never ends cannot hang the test.
 */
export async function walkPages<T>(
  t: TestApp,
  session: TestSession,
  url: string,
  limit: number,
  itemsOf: (body: Record<string, unknown>) => T[] = (body) => body.items as T[],
  maxPages = 50,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await injectAs(t, session, 'GET', `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, unknown>;
    items.push(...itemsOf(body));
    cursor = body.nextCursor as string | null;
    pages++;
  } while (cursor && pages < maxPages);
  expect(cursor, 'the walk ended').toBeNull();
  return { items, pages };
}

/** The refusals every paged list owes: a page size of 0, over 100 or not a number, and a cursor the server did not write — each a 400 with words. */
export async function expectPagingRefusals(t: TestApp, session: TestSession, url: string, badCursors: string[]): Promise<void> {
  const sep = url.includes('?') ? '&' : '?';
  for (const query of ['limit=0', 'limit=101', 'limit=ten', ...badCursors.map((c) => `cursor=${encodeURIComponent(c)}`)]) {
    const res = await injectAs(t, session, 'GET', `${url}${sep}${query}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
    expect((res.json() as { error: { message: string } }).error.message, query).toBeTruthy();
  }
}
