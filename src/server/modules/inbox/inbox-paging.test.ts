import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_PAGE_SIZE } from '../../../core/inbox.schemas.ts';
import { messages } from '../../db/schema/messages.ts';
import { insertFamily, insertInboxMessage, linkBeneficiary } from '../../../../test/factories/shared-content.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Row = { id: string; threadId: string; createdAt: Date };
/** Newest first by (time, id), as PostgreSQL orders uuids (lowercase hex compares the same). */
const newestFirst = (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

describe('the inbox, page by page', () => {
  let me: InsertedUser;
  let session: TestSession;
  const rows: Row[] = [];
  const at = new Date('2026-10-01T09:00:00.000Z');

  beforeAll(async () => {
    me = await insertUser(t.db, { roles: ['beneficiary'] });
    session = await sessionFor(t, me);
    const others = await Promise.all([0, 1, 2].map(() => insertUser(t.db, { roles: ['beneficiary'] })));
    const add = async (input: Parameters<typeof insertInboxMessage>[1]) => {
      const row = await insertInboxMessage(t.db, input);
      rows.push(row);
      return row;
    };
    // A long conversation whose latest message ties (same instant) with the only message of two others.
    const long = await add({ senderId: others[0]!.id, recipientId: me.id, subject: 'Long talk', createdAt: new Date(at.getTime() - 3000), readAt: at });
    await add({ senderId: me.id, recipientId: others[0]!.id, threadId: long.threadId, subject: 'Re: Long talk', createdAt: new Date(at.getTime() - 2000) });
    await add({ senderId: others[0]!.id, recipientId: me.id, threadId: long.threadId, subject: 'Re: Long talk', createdAt: at, readAt: at });
    await add({ senderId: others[1]!.id, recipientId: me.id, subject: 'Tie one', createdAt: at });
    await add({ senderId: me.id, recipientId: others[2]!.id, subject: 'Tie two', createdAt: at });
    for (let i = 0; i < 4; i++) {
      await add({ senderId: others[i % 3]!.id, recipientId: me.id, subject: `Older ${i}`, body: i === 2 ? 'the garden gate' : 'hello', createdAt: new Date(at.getTime() - 60_000 * (i + 1)) });
    }
    // Someone else's conversation at the same instant: never listed.
    await insertInboxMessage(t.db, { senderId: others[0]!.id, recipientId: others[1]!.id, subject: 'Not yours', createdAt: at });
  });

  const expectedThreads = () => {
    const latest = new Map<string, Row>();
    for (const r of [...rows].sort(newestFirst)) if (!latest.has(r.threadId)) latest.set(r.threadId, r);
    return [...latest.values()].sort(newestFirst).map((r) => r.threadId);
  };

  it('walks every conversation once, newest activity first, ties on the same instant included; the unread count is the whole inbox’s', async () => {
    type Page = { items: { threadId: string; subject: string; messageCount: number; unread: boolean }[]; nextCursor: string | null; unreadCount: number };
    const { items, bodies: pages } = await walkPages<Page['items'][number], Page>(t, session, '/api/v1/inbox', 2);
    expect(items.map((i) => i.threadId)).toEqual(expectedThreads());
    expect(pages.length).toBe(4);
    expect(pages.every((p) => p.items.length <= 2 && p.unreadCount === 5)).toBe(true);
    const long = items.find((i) => i.subject === 'Long talk')!;
    expect(long).toMatchObject({ messageCount: 3, unread: false });
    expect(items.filter((i) => i.unread)).toHaveLength(5);
    expect((await injectAs(t, session, 'GET', '/api/v1/inbox/unread-count')).json()).toEqual({ unreadCount: 5 });
  });

  it('pages the unread filter and the search the same way', async () => {
    type Page = { items: { threadId: string; unread: boolean; subject: string }[]; nextCursor: string | null };
    const unread = (await walkPages<Page['items'][number]>(t, session, '/api/v1/inbox?filter=unread', 1)).items;
    expect(unread).toHaveLength(5);
    expect(unread.every((i) => i.unread)).toBe(true);
    expect(unread.map((i) => i.threadId)).toEqual(expectedThreads().filter((id) => unread.some((u) => u.threadId === id)));
    const found = (await walkPages<Page['items'][number]>(t, session, '/api/v1/inbox?q=garden', 1)).items;
    expect(found.map((i) => i.subject)).toEqual(['Older 2']);
  });

  it('refuses a bad page size or a cursor it did not write (400, with words)', async () => {
    await expectPagingRefusals(t, session, '/api/v1/inbox', ['abc', encodeCursor(['2026-13-01T00:00:00.000Z', randomUUID()]), encodeCursor(['2026-10-01T09:00:00.000Z', 'not-a-uuid'])], { also: ['page=2'] });
    expect((await injectAs(t, null, 'GET', '/api/v1/inbox')).statusCode).toBe(401);
  });
});

describe('a conversation, newest page first', () => {
  it('loads earlier messages page by page, each once, oldest first on screen, same-instant messages included; another user gets 404', async () => {
    const a = await insertUser(t.db, { roles: ['beneficiary'] });
    const b = await insertUser(t.db, { roles: ['beneficiary'] });
    const session = await sessionFor(t, a);
    const base = new Date('2026-10-02T10:00:00.000Z');
    const first = await insertInboxMessage(t.db, { senderId: b.id, recipientId: a.id, subject: 'Many words', createdAt: base });
    const rows: Row[] = [first];
    for (let i = 1; i < 7; i++) {
      // pairs of messages share an instant
      const createdAt = new Date(base.getTime() + Math.ceil(i / 2) * 1000);
      rows.push(await insertInboxMessage(t.db, { senderId: i % 2 ? a.id : b.id, recipientId: i % 2 ? b.id : a.id, threadId: first.threadId, createdAt }));
    }
    type Page = { subject: string; messages: { id: string }[]; earlierCursor: string | null };
    const url = `/api/v1/inbox/threads/${first.threadId}`;
    const { bodies: pages } = await walkPages(t, session, url, 2, (p: Page) => p.messages, { cursorOf: (p) => p.earlierCursor });
    expect(pages).toHaveLength(4);
    expect(pages.every((p) => p.subject === 'Many words')).toBe(true);
    const shown = pages.reverse().flatMap((p) => p.messages.map((m) => m.id));
    expect(shown).toEqual([...rows].sort(newestFirst).reverse().map((r) => r.id));

    await expectPagingRefusals(t, session, url, ['yesterday'], { also: ['before=1'] });
    const stranger = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    expect((await injectAs(t, stranger, 'GET', `/api/v1/inbox/threads/${first.threadId}?cursor=${encodeURIComponent(pages[1]!.earlierCursor!)}`)).statusCode).toBe(404);
  });

  it(`reading marks the whole conversation, not only the ${THREAD_PAGE_SIZE} messages shown`, async () => {
    const a = await insertUser(t.db, { roles: ['beneficiary'] });
    const b = await insertUser(t.db, { roles: ['beneficiary'] });
    const session = await sessionFor(t, a);
    const first = await insertInboxMessage(t.db, { senderId: b.id, recipientId: a.id, createdAt: new Date('2026-10-03T10:00:00.000Z') });
    for (let i = 1; i < THREAD_PAGE_SIZE + 3; i++) {
      await insertInboxMessage(t.db, { senderId: b.id, recipientId: a.id, threadId: first.threadId, createdAt: new Date(Date.parse('2026-10-03T10:00:00.000Z') + i * 1000) });
    }
    const read = await injectAs(t, session, 'POST', `/api/v1/inbox/threads/${first.threadId}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().messages).toHaveLength(THREAD_PAGE_SIZE);
    expect(read.json().earlierCursor).toEqual(expect.any(String));
    expect(await t.db.select().from(messages).where(and(eq(messages.threadId, first.threadId), isNull(messages.readAt)))).toEqual([]);
    expect((await injectAs(t, session, 'GET', '/api/v1/inbox/unread-count')).json()).toEqual({ unreadCount: 0 });
  });
});

describe('contacts, bounded', () => {
  it('answers at most `limit` in name order with `more`, narrows by name, and Compose still reaches a contact past the page', async () => {
    const family = await insertFamily(t.db);
    const owner = await sessionFor(t, family.owner);
    for (const name of ['Ann Able', 'Bea Able', 'Cal Baker']) {
      const person = await insertUser(t.db, { roles: ['beneficiary'], name });
      await linkBeneficiary(t.db, family.estateId, person);
    }
    const all = (await injectAs(t, owner, 'GET', '/api/v1/inbox/contacts')).json() as { items: { name: string; userId: string }[]; more: boolean };
    expect(all.more).toBe(false);
    expect(all.items).toHaveLength(5);
    expect(all.items.map((c) => c.name)).toEqual([...all.items.map((c) => c.name)].sort((x, y) => x.localeCompare(y)));

    const two = (await injectAs(t, owner, 'GET', '/api/v1/inbox/contacts?limit=2')).json() as { items: { name: string; userId: string }[]; more: boolean };
    expect(two.more).toBe(true);
    expect(two.items).toHaveLength(2);
    const able = (await injectAs(t, owner, 'GET', '/api/v1/inbox/contacts?q=able')).json() as { items: { name: string }[]; more: boolean };
    expect(able).toEqual({ items: [expect.objectContaining({ name: 'Ann Able' }), expect.objectContaining({ name: 'Bea Able' })], more: false });

    const past = all.items.find((c) => !two.items.some((x) => x.userId === c.userId))!;
    const sent = await injectAs(t, owner, 'POST', '/api/v1/inbox/messages', { estateId: family.estateId, recipientUserId: past.userId, subject: 'Hello', body: 'Hello' });
    expect(sent.statusCode, sent.body).toBe(201);

    await expectPagingRefusals(t, owner, '/api/v1/inbox/contacts', ['x']);
    // Another estate's people never appear.
    const stranger = await insertFamily(t.db);
    const theirs = (await injectAs(t, owner, 'GET', `/api/v1/inbox/contacts?limit=100`)).json() as { items: { userId: string }[] };
    expect(theirs.items.map((c) => c.userId)).not.toEqual(expect.arrayContaining([stranger.viewer.id]));
    expect(theirs.items.map((c) => c.userId)).not.toContain(stranger.planner.id);
  });
});
