/**
 * GET /api/v1/future-messages pages by keyset (ADR 0059): scheduled, drafts, delivered; soonest due
 * first (none last); then most recently changed, then id. Walking the pages gives every message
 * once, ties included; the counts per status are the server's; bad cursors and sizes are 400.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
let owner: InsertedUser;
let ownerS: TestSession;
let otherS: TestSession;
/** The owner's message subjects in the list's order, worked out here from what was inserted. */
let expected: string[];

type Page = { items: { id: string; subject: string; attachments: { memories: number } }[]; nextCursor: string | null; counts: Record<string, number> };

const STATUS = ['scheduled', 'draft', 'delivered'];

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-03-15T12:00:00Z'));
  owner = await insertUser(t.db, { name: 'Margaret Ellis' });
  ownerS = await sessionFor(t, owner);
  const other = await insertUser(t.db);
  otherS = await sessionFor(t, other);
  const emily = await insertBeneficiary(t.db, owner.estateId!, { firstName: 'Emily', lastName: 'Ellis' });
  const theirs = await insertBeneficiary(t.db, other.estateId!);

  const soon = new Date('2027-01-01T09:00:00.123Z');
  const later = new Date('2028-01-01T09:00:00.123Z');
  const changed = new Date('2026-03-01T10:00:00.456Z');
  const changedSince = new Date('2026-03-10T10:00:00.456Z');
  const specs: { subject: string; status: string; dueAt: Date | null; updatedAt: Date; memoryIds?: string[] }[] = [
    { subject: 'Scheduled soon', status: 'scheduled', dueAt: soon, updatedAt: changed, memoryIds: [randomUUID(), randomUUID()] },
    ...[0, 1, 2, 3].map((i) => ({ subject: `Scheduled tie ${i}`, status: 'scheduled', dueAt: later, updatedAt: changed })),
    { subject: 'Scheduled later, changed since', status: 'scheduled', dueAt: later, updatedAt: changedSince },
    { subject: 'After activation A', status: 'scheduled', dueAt: null, updatedAt: changed },
    { subject: 'After activation B', status: 'scheduled', dueAt: null, updatedAt: changed },
    ...[0, 1, 2].map((i) => ({ subject: `Draft tie ${i}`, status: 'draft', dueAt: null, updatedAt: changed })),
    { subject: 'Draft changed since', status: 'draft', dueAt: null, updatedAt: changedSince },
    { subject: 'Delivered', status: 'delivered', dueAt: new Date('2026-02-01T09:00:00Z'), updatedAt: changed },
  ];
  const rows = [];
  for (const spec of specs) {
    const { memoryIds, ...fields } = spec;
    const deliveryRule = spec.dueAt ? 'on_date' : 'after_activation';
    const row = await insertFutureMessage(t.db, owner.estateId!, emily.id, { ...fields, deliveryRule, memoryIds, createdAt: changed, deliveredAt: spec.status === 'delivered' ? spec.dueAt : null });
    rows.push(row);
  }
  // Another estate's messages, tied with the owner's on every part of the order.
  await insertFutureMessage(t.db, other.estateId!, theirs.id, { subject: 'Theirs, scheduled', status: 'scheduled', dueAt: later, updatedAt: changed });
  await insertFutureMessage(t.db, other.estateId!, theirs.id, { subject: 'Theirs, draft', status: 'draft', dueAt: null, updatedAt: changed });

  const due = (d: Date | null) => d?.getTime() ?? Infinity;
  expected = rows
    .sort(
      (a, b) =>
        STATUS.indexOf(a.status) - STATUS.indexOf(b.status) ||
        due(a.dueAt) - due(b.dueAt) ||
        b.updatedAt.getTime() - a.updatedAt.getTime() ||
        (a.id < b.id ? 1 : -1),
    )
    .map((r) => r.subject);
});
afterAll(async () => t.close());

/** Every page, first to last, as `session`. */
const walk = async (session: TestSession, limit: number) => (await walkPages<Page['items'][number], Page>(t, session, '/api/v1/future-messages', limit)).bodies;

describe('paging', () => {
  it.each([1, 2, 3, 5, 20])('walks every message once in list order, ties by id, %i a page', async (limit) => {
    const pages = await walk(ownerS, limit);
    expect(pages.flatMap((p) => p.items.map((m) => m.subject))).toEqual(expected);
    // the counts are the server's, the same on every page, whatever was loaded
    for (const page of pages) expect(page.counts).toEqual({ scheduled: 8, draft: 4, delivered: 1 });
  });

  it('counts a page’s attachments from its own rows', async () => {
    const [first] = await walk(ownerS, 20);
    expect(first!.items.find((m) => m.subject === 'Scheduled soon')?.attachments.memories).toBe(2);
    expect(first!.items.find((m) => m.subject === 'Scheduled tie 0')?.attachments.memories).toBe(0);
  });

  it('shows another owner only their own messages, whatever cursor they send', async () => {
    const theirs = await walk(otherS, 1);
    expect(theirs.flatMap((p) => p.items.map((m) => m.subject))).toEqual(['Theirs, scheduled', 'Theirs, draft']);
    const mine = (await walk(ownerS, 2))[0]!;
    const res = await injectAs(t, otherS, 'GET', `/api/v1/future-messages?cursor=${encodeURIComponent(mine.nextCursor!)}`);
    expect(res.statusCode).toBe(200);
    const subjects = (res.json() as Page).items.map((m) => m.subject);
    expect(subjects).toContain('Theirs, draft');
    expect(subjects.every((subject) => subject.startsWith('Theirs'))).toBe(true);
  });

  it('refuses a bad page size, a cursor it did not write or an unknown parameter with a 400 in words', async () => {
    await expectPagingRefusals(
      t,
      ownerS,
      '/api/v1/future-messages',
      [
        'tomorrow',
        encodeCursor(['2026-03-01T10:00:00.000Z', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d']), // a time cursor of another list
        encodeCursor([0, '2030-01-01', 1, '2026-03-01T10:00:00.000Z', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d']), // a task cursor
        encodeCursor([0, '2030-02-30T10:00:00.000Z', '2026-03-01T10:00:00.000Z', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d']), // an impossible due time
      ],
      { also: ['status=draft'] },
    );
  });

  it('is not for a beneficiary (403)', async () => {
    const beneficiary = await insertUser(t.db, { roles: ['beneficiary'] });
    expect((await injectAs(t, await sessionFor(t, beneficiary), 'GET', '/api/v1/future-messages')).statusCode).toBe(403);
  });
});
