/**
 * Shared Memories and Shared Documents page in the database: walking every page gives each visible
 * item once, in order (same-day memories and same-instant documents included), across all linked
 * estates; nothing the policy hides shows up on any page; bad cursors and page sizes are 400; the
 * home and estate counts come from the server, capped at "500+".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_COUNT_CAP, sharedCountLabel } from '../../../core/shared-counts.ts';
import { memories } from '../../db/schema/memories.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertFamily, linkBeneficiary, type Family } from '../../../../test/factories/shared-content.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
let family: Family;
let viewer: TestSession;
/** A second estate the viewer is linked to, with their documents flag off. */
let second: string;
/** An estate the viewer is not linked to. */
let foreign: string;
/** Visible memories and documents, in list order. */
let memoryOrder: string[];
let documentOrder: string[];
/** Things the policy hides from the viewer. */
const hidden = new Set<string>();

type MemoryRow = typeof memories.$inferInsert;
const memory = (estateId: string, date: string, extra: Partial<MemoryRow> = {}): MemoryRow => ({
  estateId,
  title: `Memory of ${date}`,
  date,
  type: 'letter',
  shareAll: true,
  ...extra,
});

const newestFirst = (a: { key: string; id: string }, b: { key: string; id: string }) => b.key.localeCompare(a.key) || b.id.localeCompare(a.id);

beforeAll(async () => {
  t = await buildTestApp();
  family = await insertFamily(t.db);
  viewer = await sessionFor(t, family.viewer);
  const otherOwner = await insertUser(t.db, { roles: ['estate-owner'] });
  second = otherOwner.estateId!;
  await linkBeneficiary(t.db, second, family.viewer, { relationship: 'Child', accessDocuments: false });
  foreign = (await insertUser(t.db, { roles: ['estate-owner'] })).estateId!;

  const visible = await t.db
    .insert(memories)
    .values([
      // three on one day in one estate and one more that day in the other: the id breaks the tie
      ...['2020-05-01', '2020-05-01', '2020-05-01', '1999-12-31', '2024-02-29', '1960-07-04', '2010-01-01'].map((d) => memory(family.estateId, d)),
      ...['2020-05-01', '2001-03-03', '1985-08-15', '2024-02-29'].map((d) => memory(second, d)),
    ])
    .returning({ id: memories.id, date: memories.date });
  memoryOrder = visible.map((m) => ({ key: m.date, id: m.id })).sort(newestFirst).map((m) => m.id);
  const notVisible = await t.db
    .insert(memories)
    .values([
      memory(family.estateId, '2020-05-01', { shareAll: false }), // shared with nobody
      memory(family.estateId, '2021-01-01', { release: 'after_activation' }), // the estate is in planning
      memory(foreign, '2020-05-01'), // another family's
    ])
    .returning({ id: memories.id });
  for (const m of notVisible) hidden.add(m.id);

  const sameInstant = new Date('2026-03-01T10:00:00.000Z');
  const docs = [];
  for (const createdAt of [sameInstant, sameInstant, sameInstant, new Date('2026-02-01T10:00:00Z'), new Date('2026-04-01T10:00:00Z')]) {
    docs.push(await insertDocument(t.app.deps, family.estateId, { shareAll: true, createdAt }));
  }
  documentOrder = docs.map((d) => ({ key: d.createdAt.toISOString(), id: d.id })).sort(newestFirst).map((d) => d.id);
  // The documents flag is off in the second estate; the foreign one is not theirs.
  for (const estateId of [second, foreign]) hidden.add((await insertDocument(t.app.deps, estateId, { shareAll: true, createdAt: sameInstant })).id);
  hidden.add((await insertDocument(t.app.deps, family.estateId, { createdAt: sameInstant })).id);
}, 60_000);
afterAll(async () => t.close());

/** Follows nextCursor from the first page to the last, as Load more does; nothing hidden on any page. */
async function walk(path: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const { items, pages } = await walkPages<{ id: string }>(t, viewer, path, limit);
  for (const item of items) expect(hidden.has(item.id)).toBe(false);
  return { ids: items.map((i) => i.id), pages };
}

describe('Shared Memories paging', () => {
  it.each([1, 2, 3, 5, 100])('walks every visible memory once, newest date first, ties by id, %i a page', async (limit) => {
    const { ids, pages } = await walk('/api/v1/shared/memories', limit);
    expect(ids).toEqual(memoryOrder);
    expect(pages).toBe(Math.max(1, Math.ceil(memoryOrder.length / limit)));
  });

  it('pages one estate the same way; another family’s estate pages as empty', async () => {
    const { ids } = await walk(`/api/v1/shared/memories?estateId=${second}`, 2);
    expect(ids).toHaveLength(4);
    expect(ids).toEqual(memoryOrder.filter((id) => ids.includes(id)));
    expect((await walk(`/api/v1/shared/memories?estateId=${foreign}`, 2)).ids).toEqual([]);
  });
});

describe('Shared Documents paging', () => {
  it.each([1, 2, 4])('walks every visible document once, newest first, same-instant ones by id, %i a page', async (limit) => {
    expect((await walk('/api/v1/shared/documents', limit)).ids).toEqual(documentOrder);
  });
});

describe('bad paging input', () => {
  it('refuses a bad page size or a cursor it did not write (or wrote for the other list) with a 400 in words', async () => {
    await expectPagingRefusals(t, viewer, '/api/v1/shared/memories', ['yesterday', encodeCursor(['2026-03-01T10:00:00.000Z', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'])]);
    await expectPagingRefusals(t, viewer, '/api/v1/shared/documents', ['yesterday', encodeCursor(['2020-05-01', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'])]);
  });
});

describe('counts from the server', () => {
  it('counts each estate exactly below the cap, and the estate page pages on from its first page', async () => {
    const home = (await injectAs(t, viewer, 'GET', '/api/v1/shared/home')).json() as { estates: { estateId: string; counts: Record<string, number> }[] };
    const counts = Object.fromEntries(home.estates.map((e) => [e.estateId, e.counts]));
    expect(counts[family.estateId]).toEqual({ memories: 7, documents: 5, messages: 0 });
    expect(counts[second]).toEqual({ memories: 4, documents: 0, messages: 0 });

    const estate = (await injectAs(t, viewer, 'GET', `/api/v1/shared/estates/${family.estateId}`)).json();
    expect(estate.counts).toEqual({ memories: 7, documents: 5, messages: 0 });
    expect(estate.memories.items.map((m: { id: string }) => m.id)).toEqual(memoryOrder.filter((id) => estate.memories.items.some((m: { id: string }) => m.id === id)));
  });

  it('stops counting past the cap and says "500+"', async () => {
    const big = (await insertUser(t.db, { roles: ['estate-owner'] })).estateId!;
    await linkBeneficiary(t.db, big, family.viewer, { relationship: 'Child' });
    await t.db.insert(memories).values(Array.from({ length: SHARED_COUNT_CAP + 40 }, (_, i) => memory(big, `19${String(10 + (i % 80))}-01-01`)));
    const access = (await injectAs(t, viewer, 'GET', '/api/v1/shared/access')).json() as { estateId: string; counts: { memories: number } }[];
    const count = access.find((a) => a.estateId === big)!.counts.memories;
    expect(count).toBe(SHARED_COUNT_CAP + 1);
    expect(sharedCountLabel(count)).toBe('500+');
    expect(sharedCountLabel(SHARED_COUNT_CAP)).toBe('500');
  });
});
