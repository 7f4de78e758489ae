/**
 * The estate page's letters page in the database (ADR 0064): the estate page carries the first page,
 * GET /shared/letters?estateId pages on; every letter the viewer may read comes once, newest delivery
 * first, same-instant ones by id; letters to someone else, not yet delivered or in another estate
 * never show; bad pages are 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_LETTERS_PAGE } from '../../../core/shared-content.schemas.ts';
import { insertDeliveredLetter, insertFamily, insertScheduledLetter, linkBeneficiary, type Family } from '../../../../test/factories/shared-content.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
let family: Family;
let viewer: TestSession;
/** The viewer's letters in the family's estate, in list order. */
let order: string[];
const hidden = new Set<string>();

beforeAll(async () => {
  t = await buildTestApp();
  family = await insertFamily(t.db);
  viewer = await sessionFor(t, family.viewer);
  const letter = (deliveredAt: Date, recipient = family.viewerRow, estateId = family.estateId, ownerId = family.owner.id) =>
    insertDeliveredLetter(t.db, { estateId, ownerId, recipient, deliveredAt });
  const same = new Date('2026-03-01T10:00:00.000Z');
  const times = [same, same, same, same, ...Array.from({ length: 10 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i * 3, 9)))];
  const mine = [];
  for (const at of times) mine.push((await letter(at)).letter);
  order = mine
    .sort((a, b) => b.deliveredAt!.getTime() - a.deliveredAt!.getTime() || b.id.localeCompare(a.id))
    .map((l) => l.id);
  // to another beneficiary, not yet delivered, and the viewer's letter in another estate
  hidden.add((await letter(same, family.sibling)).letter.id);
  hidden.add((await insertScheduledLetter(t.db, family.estateId, family.viewerRow)).id);
  const other = await insertUser(t.db, { roles: ['estate-owner'] });
  const otherRow = await linkBeneficiary(t.db, other.estateId!, family.viewer, { relationship: 'Child' });
  hidden.add((await letter(same, otherRow, other.estateId!, other.id)).letter.id);
}, 60_000);
afterAll(async () => t.close());

const url = () => `/api/v1/shared/letters?estateId=${family.estateId}`;

describe('estate page letters paging', () => {
  it.each([1, 3, 100])('walks every letter once, newest delivery first, same-instant ones by id, %i a page', async (limit) => {
    const { items, pages } = await walkPages<{ id: string }>(t, viewer, url(), limit);
    expect(items.map((l) => l.id)).toEqual(order);
    expect(pages).toBe(Math.ceil(order.length / limit));
    for (const l of items) expect(hidden.has(l.id)).toBe(false);
  });

  it('the estate page carries the first page; the list pages on from its cursor', async () => {
    const estate = (await injectAs(t, viewer, 'GET', `/api/v1/shared/estates/${family.estateId}`)).json() as { letters: { items: { id: string }[]; nextCursor: string | null } };
    expect(estate.letters.items.map((l) => l.id)).toEqual(order.slice(0, SHARED_LETTERS_PAGE));
    const rest = await injectAs(t, viewer, 'GET', `${url()}&cursor=${encodeURIComponent(estate.letters.nextCursor!)}`);
    expect(rest.json()).toMatchObject({ nextCursor: null });
    expect(rest.json().items.map((l: { id: string }) => l.id)).toEqual(order.slice(SHARED_LETTERS_PAGE));
  });

  it('refuses bad pages and a missing estate with 400; another person sees none of these letters', async () => {
    await expectPagingRefusals(t, viewer, url(), ['yesterday', encodeCursor(['2026-03-01', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'])]);
    expect((await injectAs(t, viewer, 'GET', '/api/v1/shared/letters')).statusCode).toBe(400);
    expect((await injectAs(t, viewer, 'GET', '/api/v1/shared/letters?estateId=nope')).statusCode).toBe(400);
    const stranger = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    expect((await walkPages(t, stranger, url(), 100)).items).toEqual([]);
    // an owner has no beneficiary permission: refused before any lookup
    expect((await injectAs(t, await sessionFor(t, family.owner), 'GET', url())).statusCode).toBe(403);
  });
});
