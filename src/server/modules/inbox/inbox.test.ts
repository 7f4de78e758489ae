import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_LIMITS } from '../../../../test/send-limits.ts';
import { auditLog } from '../../db/schema/system.ts';
import { messages, notifications } from '../../db/schema/messages.ts';
import { insertSupportMember } from '../../../../test/factories/estates.ts';
import {
  insertBeneficiaryUser,
  insertDeliveredLetter,
  insertFamily,
  insertInboxMessage,
  setEstateStatus,
  type Family,
} from '../../../../test/factories/shared-content.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';

let t: TestApp;
let family: Family;
let viewer: TestSession;
let planner: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  family = await insertFamily(t.db);
  viewer = await sessionFor(t, family.viewer);
  planner = await sessionFor(t, family.planner);
});
afterAll(async () => t.close());

const compose = (session: TestSession, body: object) => injectAs(t, session, 'POST', '/api/v1/inbox/messages', body);

describe('contacts', () => {
  it('are the owner (while the estate is not active) and support-team members with an account', async () => {
    await insertSupportMember(t.db, family.estateId, { role: 'estate-administrator', userId: null });
    const res = await injectAs(t, viewer, 'GET', '/api/v1/inbox/contacts');
    expect(res.statusCode).toBe(200);
    expect(res.json().more).toBe(false);
    // in name order
    expect(res.json().items).toEqual(
      [
        { userId: family.owner.id, estateId: family.estateId, name: family.owner.name, roleLabel: 'Estate Owner', ownerName: family.owner.name },
        { userId: family.planner.id, estateId: family.estateId, name: family.planner.name, roleLabel: 'Legacy Planner', ownerName: family.owner.name },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});

describe('compose, reply, read', () => {
  it('sends a new conversation to the planner, who sees it unread, replies, and the beneficiary reads it', async () => {
    const sent = await compose(viewer, { estateId: family.estateId, recipientUserId: family.planner.id, subject: 'Meeting about the house', body: 'Could we talk next week?' });
    expect(sent.statusCode).toBe(201);
    const thread = sent.json();
    expect(thread).toMatchObject({ subject: 'Meeting about the house', kind: 'conversation', canReply: true, counterpart: { name: family.planner.name, roleLabel: 'Legacy Planner' } });
    expect(thread.messages).toEqual([expect.objectContaining({ fromMe: true, body: 'Could we talk next week?' })]);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, thread.threadId));
    expect(row).toMatchObject({ senderId: family.viewer.id, recipientId: family.planner.id, estateId: family.estateId, threadId: thread.threadId });

    const plannerInbox = (await injectAs(t, planner, 'GET', '/api/v1/inbox')).json();
    expect(plannerInbox.unreadCount).toBe(1);
    expect(plannerInbox.items[0]).toMatchObject({ threadId: thread.threadId, unread: true, counterpart: { name: family.viewer.name, roleLabel: 'Beneficiary' } });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, family.planner.id));
    expect(note).toMatchObject({ type: 'message', link: '/legacy-planner/messages', fromName: family.viewer.name });
    expect(note!.message).toContain('Meeting about the house');

    t.clock.advance(60_000);
    const replied = await injectAs(t, planner, 'POST', `/api/v1/inbox/threads/${thread.threadId}/replies`, { body: 'Tuesday at 10 works for me.' });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().messages).toHaveLength(2);

    const inbox = (await injectAs(t, viewer, 'GET', '/api/v1/inbox')).json();
    expect(inbox.items[0]).toMatchObject({ threadId: thread.threadId, unread: true, preview: 'Tuesday at 10 works for me.', messageCount: 2 });
    const [viewerNote] = await t.db.select().from(notifications).where(eq(notifications.userId, family.viewer.id));
    expect(viewerNote?.link).toBe(`/beneficiary/messages?thread=${thread.threadId}`);

    const read = await injectAs(t, viewer, 'POST', `/api/v1/inbox/threads/${thread.threadId}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.every((m: { readAt: string | null; fromMe: boolean }) => m.fromMe || m.readAt)).toBe(true);
    expect((await injectAs(t, viewer, 'GET', '/api/v1/inbox')).json().unreadCount).toBe(0);
    // Read does not mark the other side's copy.
    expect((await injectAs(t, planner, 'GET', '/api/v1/inbox')).json().unreadCount).toBe(1);
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'message.sent'), eq(auditLog.actorUserId, family.viewer.id)));
    expect(audited).toHaveLength(1);
  });

  it('writes to the owner while the estate is not active; the owner is told, with a link to their Inbox tab', async () => {
    const res = await compose(viewer, { estateId: family.estateId, recipientUserId: family.owner.id, subject: 'Thinking of you', body: 'Mum, the photos arrived.' });
    expect(res.statusCode).toBe(201);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, family.owner.id));
    expect(notes.at(-1)).toMatchObject({ type: 'message', link: `/estate-owner/messages?tab=inbox&thread=${res.json().threadId}` });
    expect(notes.at(-1)!.message).toBe(`${family.viewer.name} sent you a message: Thinking of you`);
  });

  it('searches and filters the inbox', async () => {
    const all = (await injectAs(t, viewer, 'GET', '/api/v1/inbox')).json();
    expect(all.items.length).toBeGreaterThanOrEqual(2);
    const found = (await injectAs(t, viewer, 'GET', '/api/v1/inbox?q=house')).json();
    expect(found.items.map((x: { subject: string }) => x.subject)).toEqual(['Meeting about the house']);
    const byBody = (await injectAs(t, viewer, 'GET', '/api/v1/inbox?q=photos%20arrived')).json();
    expect(byBody.items.map((x: { subject: string }) => x.subject)).toEqual(['Thinking of you']);
    const unread = (await injectAs(t, viewer, 'GET', '/api/v1/inbox?filter=unread')).json();
    expect(unread.items.every((x: { unread: boolean }) => x.unread)).toBe(true);
  });
});

describe('refusals', () => {
  it('refuses the owner of an active estate (400) but not its support team; replies to the owner stop too', async () => {
    const other = await insertFamily(t.db);
    const session = await sessionFor(t, other.viewer);
    const { threadId } = await insertDeliveredLetter(t.db, { estateId: other.estateId, ownerId: other.owner.id, recipient: other.viewerRow, subject: 'For your birthday' });
    expect((await injectAs(t, session, 'GET', `/api/v1/inbox/threads/${threadId}`)).json()).toMatchObject({ kind: 'letter', canReply: true });
    expect((await injectAs(t, session, 'POST', `/api/v1/inbox/threads/${threadId}/replies`, { body: 'Thank you' })).statusCode).toBe(201);

    await setEstateStatus(t.db, other.estateId, 'active');
    const res = await compose(session, { estateId: other.estateId, recipientUserId: other.owner.id, subject: 'Hello', body: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.recipientUserId).toBeTruthy();
    const contacts = (await injectAs(t, session, 'GET', '/api/v1/inbox/contacts')).json().items;
    expect(contacts.map((c: { userId: string }) => c.userId)).toEqual([other.planner.id]);
    expect((await compose(session, { estateId: other.estateId, recipientUserId: other.planner.id, subject: 'Hello', body: 'Hello' })).statusCode).toBe(201);
    expect((await injectAs(t, session, 'GET', `/api/v1/inbox/threads/${threadId}`)).json().canReply).toBe(false);
    expect((await injectAs(t, session, 'POST', `/api/v1/inbox/threads/${threadId}/replies`, { body: 'Again' })).statusCode).toBe(400);
  });

  it('answers 404 for an estate the sender is not linked to and for anyone who is not a contact', async () => {
    const stranger = await insertFamily(t.db);
    const outsider = await insertUser(t.db, { roles: ['legacy-planner'] });
    const cases = [
      { estateId: stranger.estateId, recipientUserId: stranger.owner.id },
      { estateId: stranger.estateId, recipientUserId: stranger.planner.id },
      { estateId: family.estateId, recipientUserId: stranger.owner.id },
      { estateId: family.estateId, recipientUserId: outsider.id },
      { estateId: family.estateId, recipientUserId: family.viewer.id },
      { estateId: family.estateId, recipientUserId: randomUUID() },
      { estateId: randomUUID(), recipientUserId: family.owner.id },
    ];
    for (const c of cases) {
      const res = await compose(viewer, { ...c, subject: 'Hi', body: 'Hi' });
      expect(res.statusCode, JSON.stringify(c)).toBe(404);
    }
    // A planner (no beneficiary link) cannot start conversations with anyone.
    expect((await compose(planner, { estateId: family.estateId, recipientUserId: family.owner.id, subject: 'Hi', body: 'Hi' })).statusCode).toBe(404);
  });

  it('answers 404 for threads the user is not part of, and 400 for bad input', async () => {
    const a = await insertBeneficiaryUser(t.db);
    const b = await insertBeneficiaryUser(t.db);
    const private_ = await insertInboxMessage(t.db, { senderId: a.id, recipientId: b.id, subject: 'Between us' });
    for (const url of [`/api/v1/inbox/threads/${private_.threadId}`, `/api/v1/inbox/threads/${randomUUID()}`]) {
      expect((await injectAs(t, viewer, 'GET', url)).statusCode).toBe(404);
      expect((await injectAs(t, viewer, 'POST', `${url}/read`)).statusCode).toBe(404);
      expect((await injectAs(t, viewer, 'POST', `${url}/replies`, { body: 'Hello' })).statusCode).toBe(404);
    }
    const [untouched] = await t.db.select().from(messages).where(eq(messages.id, private_.id));
    expect(untouched?.readAt).toBeNull();

    const bad = await compose(viewer, { estateId: family.estateId, recipientUserId: family.owner.id, subject: '  ', body: '', cc: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['subject', 'body', 'cc']));
    expect((await compose(viewer, { estateId: family.estateId, recipientUserId: family.owner.id, subject: 'x'.repeat(201), body: 'x' })).statusCode).toBe(400);
    expect((await injectAs(t, viewer, 'GET', '/api/v1/inbox?filter=starred')).statusCode).toBe(400);
  });
});

describe('limits on messages (each one is mailed to its recipient on the sender’s behalf)', () => {
  it(`at most ${SEND_LIMITS.messagesPerRecipientPerHour} an hour to one person — in parallel too, replies included — others still reachable`, async () => {
    const fam = await insertFamily(t.db);
    const session = await sessionFor(t, fam.viewer);
    const n = SEND_LIMITS.messagesPerRecipientPerHour;
    const toPlanner = (i: number) => compose(session, { estateId: fam.estateId, recipientUserId: fam.planner.id, subject: `Note ${i}`, body: 'Hello' });
    const results = await Promise.all(Array.from({ length: n + 3 }, (_, i) => toPlanner(i)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(n);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(refused[0]!.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: `You can send up to ${n} messages an hour to the same person. Please try again later.` },
    });
    const sent = await t.db.select().from(messages).where(and(eq(messages.senderId, fam.viewer.id), eq(messages.recipientId, fam.planner.id)));
    expect(sent).toHaveLength(n);
    const threadId = results.find((r) => r.statusCode === 201)!.json().threadId;
    expect((await injectAs(t, session, 'POST', `/api/v1/inbox/threads/${threadId}/replies`, { body: 'One more thing' })).statusCode).toBe(429);
    expect((await compose(session, { estateId: fam.estateId, recipientUserId: fam.owner.id, subject: 'Hi', body: 'Hello' })).statusCode).toBe(201);
  });

  it(`at most ${SEND_LIMITS.messagesPerAccountPerHour} an hour from one account (the owner's Message too); letters the scheduler delivered do not count`, async () => {
    const fam = await insertFamily(t.db);
    const elsewhere = await insertUser(t.db);
    const limit = SEND_LIMITS.messagesPerAccountPerHour;
    for (let i = 0; i < limit - 1; i++) await insertInboxMessage(t.db, { senderId: fam.owner.id, recipientId: elsewhere.id, createdAt: t.clock.now() });
    await insertDeliveredLetter(t.db, { estateId: fam.estateId, ownerId: fam.owner.id, recipient: fam.viewerRow, deliveredAt: t.clock.now() });
    const ownerS = await sessionFor(t, fam.owner);
    const results = await Promise.all(
      [1, 2, 3].map((i) => injectAs(t, ownerS, 'POST', `/api/v1/beneficiaries/${fam.viewerRow.id}/messages`, { subject: `Note ${i}`, body: 'Hello' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 429, 429]);
    expect(results.find((r) => r.statusCode === 429)!.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(new RegExp(`^You can send up to ${limit} messages an hour\\. Please try again in \\d+ minutes?\\.$`)),
    });
  });
});
