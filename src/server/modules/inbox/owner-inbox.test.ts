import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertFamily, type Family } from '../../../../test/factories/shared-content.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { messages } from '../../db/schema/messages.ts';

let t: TestApp;
let family: Family;
let stranger: Family;
let owner: TestSession;
let beneficiary: TestSession;
let planner: TestSession;
let strangerOwner: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  family = await insertFamily(t.db);
  stranger = await insertFamily(t.db);
  owner = await sessionFor(t, family.owner);
  beneficiary = await sessionFor(t, family.viewer);
  planner = await sessionFor(t, family.planner);
  strangerOwner = await sessionFor(t, stranger.owner);
  // the planner accepted: the owner is their client, and they may write to them
  await t.db.update(supportTeamMembers).set({ acceptedAt: t.clock.now() }).where(eq(supportTeamMembers.id, family.plannerMemberId));
});
afterAll(async () => t.close());

const unread = async (s: TestSession) => {
  const res = await injectAs(t, s, 'GET', '/api/v1/inbox/unread-count');
  expect(res.statusCode).toBe(200);
  return res.json().unreadCount as number;
};
const compose = (s: TestSession, body: object) => injectAs(t, s, 'POST', '/api/v1/inbox/messages', body);

describe("the owner's inbox", () => {
  let threadId: string;

  it('counts what a beneficiary and the support team send, per conversation', async () => {
    expect(await unread(owner)).toBe(0);
    const first = await compose(beneficiary, { estateId: family.estateId, recipientUserId: family.owner.id, subject: 'The photos', body: 'Mum, the photos arrived.' });
    expect(first.statusCode).toBe(201);
    threadId = first.json().threadId;
    expect(await unread(owner)).toBe(1);
    const second = await compose(planner, { estateId: family.estateId, recipientUserId: family.owner.id, subject: 'Our next session', body: 'Shall we meet on Tuesday?' });
    expect(second.statusCode, second.body).toBe(201);
    expect(await unread(owner)).toBe(2);

    const inbox = (await injectAs(t, owner, 'GET', '/api/v1/inbox')).json();
    expect(inbox.unreadCount).toBe(2);
    expect(inbox.items).toEqual([
      expect.objectContaining({ subject: 'Our next session', unread: true, counterpart: expect.objectContaining({ name: family.planner.name, roleLabel: 'Legacy Planner' }) }),
      expect.objectContaining({ subject: 'The photos', unread: true, counterpart: expect.objectContaining({ name: family.viewer.name, roleLabel: 'Beneficiary' }) }),
    ]);
  });

  it('a second message in the same conversation counts it once', async () => {
    const res = await injectAs(t, beneficiary, 'POST', `/api/v1/inbox/threads/${threadId}/replies`, { body: 'And the letters too.' });
    expect(res.statusCode).toBe(201);
    expect(await unread(owner)).toBe(2);
  });

  it('opening a conversation reads it: the count falls', async () => {
    const read = await injectAs(t, owner, 'POST', `/api/v1/inbox/threads/${threadId}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((m: { body: string }) => m.body)).toEqual(['Mum, the photos arrived.', 'And the letters too.']);
    expect(await unread(owner)).toBe(1);
    const rows = await t.db.select().from(messages).where(eq(messages.threadId, threadId));
    expect(rows.every((m) => m.readAt !== null)).toBe(true);
  });

  it('the owner replies, and the beneficiary sees it unread', async () => {
    expect(await unread(beneficiary)).toBe(0);
    const res = await injectAs(t, owner, 'POST', `/api/v1/inbox/threads/${threadId}/replies`, { body: 'I am so glad, love.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ canReply: true, counterpart: { name: family.viewer.name } });
    expect(await unread(beneficiary)).toBe(1);
    const [row] = await t.db.select().from(messages).where(eq(messages.body, 'I am so glad, love.'));
    expect(row).toMatchObject({ senderId: family.owner.id, recipientId: family.viewer.id, estateId: family.estateId, threadId });
  });

  it('another estate’s owner never sees it: not counted, not listed, 404 on read and reply', async () => {
    expect(await unread(strangerOwner)).toBe(0);
    expect((await injectAs(t, strangerOwner, 'GET', '/api/v1/inbox')).json().items).toEqual([]);
    expect((await injectAs(t, strangerOwner, 'GET', `/api/v1/inbox/threads/${threadId}`)).statusCode).toBe(404);
    expect((await injectAs(t, strangerOwner, 'POST', `/api/v1/inbox/threads/${threadId}/read`)).statusCode).toBe(404);
    expect((await injectAs(t, strangerOwner, 'POST', `/api/v1/inbox/threads/${threadId}/replies`, { body: 'Hi' })).statusCode).toBe(404);
    // and reading it did not mark anything
    expect(await unread(owner)).toBe(1);
  });

  it('needs a session for the count', async () => {
    expect((await injectAs(t, null, 'GET', '/api/v1/inbox/unread-count')).statusCode).toBe(401);
  });
});

describe('the owner writes', () => {
  it('to their support team and to beneficiaries with an account and messages access, nobody else', async () => {
    await insertBeneficiary(t.db, family.estateId, { firstName: 'Quiet', accessMessages: false });
    const contacts = (await injectAs(t, owner, 'GET', '/api/v1/inbox/contacts')).json().items;
    expect(contacts).toHaveLength(2);
    expect(contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: family.planner.id, estateId: family.estateId, roleLabel: 'Legacy Planner' }),
        expect.objectContaining({ userId: family.viewer.id, estateId: family.estateId, roleLabel: 'Beneficiary' }),
      ]),
    );
    const sent = await compose(owner, { estateId: family.estateId, recipientUserId: family.planner.id, subject: 'Paperwork', body: 'I found the deeds.' });
    expect(sent.statusCode, sent.body).toBe(201);
    // another estate's people are not found
    expect((await compose(owner, { estateId: stranger.estateId, recipientUserId: stranger.viewer.id, subject: 'x', body: 'x' })).statusCode).toBe(404);
    expect((await compose(owner, { estateId: family.estateId, recipientUserId: stranger.viewer.id, subject: 'x', body: 'x' })).statusCode).toBe(404);
  });
});
