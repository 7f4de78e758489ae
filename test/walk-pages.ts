import { expect } from 'vitest';
import { injectAs, type TestApp, type TestSession } from './helpers.ts';

/** A list whose cursor is not `nextCursor`, whose page size is fixed, or that is walked from a cursor handed out elsewhere. */
export interface WalkOptions<B> {
  /** The cursor to the next page (default `nextCursor`); a conversation's earlier page is `earlierCursor`. */
  cursorOf?: (body: B) => string | null | undefined;
  /** Fail after this many pages, so a cursor that never ends cannot hang the test (default 50). */
  maxPages?: number;
  /** The list takes no `limit`: its pages are a fixed size, and `limit` is only that size to check against. */
  fixedPageSize?: boolean;
  /** Start after this cursor (one a first page elsewhere handed out) instead of at the first page. */
  startCursor?: string;
}

/**
 * Every page of a keyset list, first to last, as `session` (null: signed out): `url` with `limit`
 * (and the previous page's cursor), each page asserted 200 and at most `limit` long. `itemsOf` picks
 * the list out of a page's body. Returns the items in order, how many pages, and each page's body
 * (for what a page says besides its items: counts, totals).
 */
export async function walkPages<T, B = Record<string, unknown>>(
  t: TestApp,
  session: TestSession | null,
  url: string,
  limit: number,
  itemsOf: (body: B) => T[] = (body) => (body as Record<string, unknown>).items as T[],
  { cursorOf = (body) => (body as Record<string, unknown>).nextCursor as string | null, maxPages = 50, fixedPageSize = false, startCursor }: WalkOptions<B> = {},
): Promise<{ items: T[]; pages: number; bodies: B[] }> {
  const sep = url.includes('?') ? '&' : '?';
  const items: T[] = [];
  const bodies: B[] = [];
  let cursor: string | null | undefined = startCursor;
  do {
    const query = [fixedPageSize ? '' : `limit=${limit}`, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
    const res = await injectAs(t, session, 'GET', query ? `${url}${sep}${query}` : url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as B;
    const page = itemsOf(body);
    expect(page.length, `page ${bodies.length + 1} holds at most ${limit}`).toBeLessThanOrEqual(limit);
    items.push(...page);
    bodies.push(body);
    cursor = cursorOf(body);
  } while (cursor && bodies.length < maxPages);
  expect(cursor ?? null, 'the walk ended').toBeNull();
  return { items, pages: bodies.length, bodies };
}

/** More a list refuses, and the words its refusals must say. */
export interface RefusalOptions {
  /** Further whole queries the same list refuses: a parameter it does not take, a cursor of another filter. */
  also?: string[];
  /** What the refusal of each bad cursor says. */
  cursorSays?: RegExp;
  /** What the refusal of a page over 100 says. */
  tooBigSays?: RegExp;
}

/**
 * The refusals every paged list owes: a page size of 0, over 100 or not a number, and a cursor the
 * server did not write — each a 400 with words and no stack.
 */
export async function expectPagingRefusals(t: TestApp, session: TestSession, url: string, badCursors: string[], { also = [], cursorSays, tooBigSays }: RefusalOptions = {}): Promise<void> {
  const sep = url.includes('?') ? '&' : '?';
  const cursors = badCursors.map((c) => `cursor=${encodeURIComponent(c)}`);
  for (const query of ['limit=0', 'limit=101', 'limit=ten', ...cursors, ...also]) {
    const res = await injectAs(t, session, 'GET', `${url}${sep}${query}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
    const { error } = res.json() as { error: { message: string } };
    expect(error.message, query).toBeTruthy();
    expect(res.body, query).not.toMatch(/stack|at Object/);
    const says = query === 'limit=101' ? tooBigSays : cursors.includes(query) ? cursorSays : undefined;
    if (says) expect(JSON.stringify(error), query).toMatch(says);
  }
}
