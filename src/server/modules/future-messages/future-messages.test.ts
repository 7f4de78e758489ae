import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSaveFutureMessageRequest } from '../../../core/future-messages.schemas.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { futureMessages, messages, notifications } from '../../db/schema/messages.ts';
import { auditLog } from '../../db/schema/system.ts';
import { createJobScheduler } from '../../jobs/scheduler.ts';
import type { JobCtx } from '../../jobs/job.ts';
import { deliverDueFutureMessages } from './deliver-due-future-messages.ts';
import { scheduleAfterActivation } from './schedule-after-activation.ts';

let t: TestApp;
let owner: InsertedUser;
let ownerS: TestSession;
let emilyUser: InsertedUser;
let emily: typeof beneficiaries.$inferSelect;
let james: typeof beneficiaries.$inferSelect;
let other: InsertedUser;
let otherS: TestSession;
let othersBeneficiary: typeof beneficiaries.$inferSelect;

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(t.clock.now().getTime() + offsetDays * DAY).toISOString().slice(0, 10);

/** A new session (the clock moves days ahead in these tests, past the idle timeout). */
const fresh = (user: { id: string }) => sessionFor(t, user);
const jobCtx = (): JobCtx => ({ ...t.app.deps, actor: null, meta: { ip: '', userAgent: 'test' } });

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-03-15T12:00:00Z'));
  owner = await insertUser(t.db, { name: 'Margaret Ellis' });
  ownerS = await sessionFor(t, owner);
  emilyUser = await insertUser(t.db, { roles: ['beneficiary'], name: 'Emily Ellis', dateOfBirth: '1981-09-02' });
  emily = await insertBeneficiary(t.db, owner.estateId!, { firstName: 'Emily', lastName: 'Ellis', userId: emilyUser.id, relationship: 'Child' });
  james = await insertBeneficiary(t.db, owner.estateId!, { firstName: 'James', lastName: 'Ellis', relationship: 'Child' });
  other = await insertUser(t.db);
  otherS = await sessionFor(t, other);
  othersBeneficiary = await insertBeneficiary(t.db, other.estateId!);
});
afterAll(async () => t.close());

const compose = (overrides: Partial<TSaveFutureMessageRequest> = {}): TSaveFutureMessageRequest => ({
  recipientId: emily.id,
  subject: 'For your birthday',
  body: 'Dear Emily, I am so proud of you.',
  deliveryRule: 'on_date',
  deliverOn: '2027-03-12',
  status: 'scheduled',
  ...overrides,
});

async function inboxOf(userId: string) {
  return t.db.select().from(messages).where(eq(messages.recipientId, userId));
}

describe('compose, list, edit, preview', () => {
  it('saves a draft and lists it with recipient, rule in words and attachment counts', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Summer at the lake', date: '1992-07-04' });
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Letter of wishes', type: 'personal' });
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ status: 'draft', memoryIds: [memory.id], documentIds: [doc.id] }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      status: 'draft',
      dueAt: null,
      deliveryInWords: 'On 12 March 2027, 09:00 UTC',
      recipient: { name: 'Emily Ellis', initials: 'EE' },
      attachments: { memories: 1, documents: 1 },
    });
    const list = await injectAs(t, ownerS, 'GET', '/api/v1/future-messages?limit=100');
    expect(list.json().items.map((m: { id: string }) => m.id)).toContain(created.id);

    const preview = await injectAs(t, ownerS, 'GET', `/api/v1/future-messages/${created.id}/preview`);
    expect(preview.json()).toMatchObject({
      from: 'Margaret Ellis',
      to: 'Emily Ellis',
      subject: 'For your birthday',
      deliveryInWords: 'On 12 March 2027, 09:00 UTC',
      memories: [{ title: 'Summer at the lake', date: '1992-07-04' }],
      documents: [{ title: 'Letter of wishes' }],
    });
    expect((await t.db.select().from(auditLog).where(eq(auditLog.targetId, created.id))).map((a) => a.action)).toContain('future_message.created');
  });

  it('schedules at 9:00 on the date and edits it (rule, attachments) until it is delivered', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'scheduled', dueAt: '2027-03-12T09:00:00.000Z' });
    const id = res.json().id;
    const edited = await injectAs(t, ownerS, 'PUT', `/api/v1/future-messages/${id}`, compose({ deliveryRule: 'next_birthday', deliverOn: null }));
    expect(edited.statusCode, edited.body).toBe(200);
    // Emily's account knows her date of birth: 2 September.
    expect(edited.json()).toMatchObject({ deliveryInWords: "On Emily's next birthday — 2 September 2026, 09:00 UTC", dueAt: '2026-09-02T09:00:00.000Z', deliverOn: null });
    const back = await injectAs(t, ownerS, 'PUT', `/api/v1/future-messages/${id}`, compose({ status: 'draft' }));
    expect(back.json()).toMatchObject({ status: 'draft', dueAt: null });
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/future-messages/${id}`)).json().status).toBe('draft');
  });

  it('offers the owner’s own beneficiaries, memories and documents to pick from', async () => {
    const res = await injectAs(t, ownerS, 'GET', '/api/v1/future-messages/options');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recipients.map((r: { name: string }) => r.name)).toEqual(['Emily Ellis', 'James Ellis']);
    expect(body.recipients[0]).toMatchObject({ dateOfBirth: '1981-09-02', hasAccount: true, messagesAccess: true });
    expect(body.recipients[1]).toMatchObject({ hasAccount: false });
    expect(body.memories.map((m: { title: string }) => m.title)).toContain('Summer at the lake');
    const others = await injectAs(t, otherS, 'GET', '/api/v1/future-messages/options');
    expect(others.json().recipients.map((r: { id: string }) => r.id)).toEqual([othersBeneficiary.id]);
  });

  it('deletes a draft, and refuses to change or delete a delivered message', async () => {
    const draft = await insertFutureMessage(t.db, owner.estateId!, emily.id);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/future-messages/${draft.id}`)).statusCode).toBe(200);
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/future-messages/${draft.id}`)).statusCode).toBe(404);
    const delivered = await insertFutureMessage(t.db, owner.estateId!, emily.id, { status: 'delivered', deliveredAt: t.clock.now() });
    const put = await injectAs(t, ownerS, 'PUT', `/api/v1/future-messages/${delivered.id}`, compose());
    expect(put.statusCode).toBe(409);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/future-messages/${delivered.id}`)).statusCode).toBe(409);
  });
});

describe('refusals', () => {
  it('refuses an unknown beneficiary and another owner’s beneficiary, naming recipientId', async () => {
    for (const recipientId of [randomUUID(), othersBeneficiary.id]) {
      const res = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ recipientId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('recipientId');
    }
  });

  it('refuses another estate’s memories and documents as attachments', async () => {
    const foreignMemory = await insertMemory(t.app.deps, other.estateId!, { title: 'Not yours' });
    const foreignDoc = await insertDocument(t.app.deps, other.estateId!);
    const m = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ memoryIds: [foreignMemory.id] }));
    expect(m.statusCode).toBe(400);
    expect(m.json().error.fields).toHaveProperty('memoryIds');
    const d = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ documentIds: [foreignDoc.id, randomUUID()] }));
    expect(d.statusCode).toBe(400);
    expect(d.json().error.fields).toHaveProperty('documentIds');
  });

  it('answers 404 for another owner’s message, whatever the operation', async () => {
    const theirs = await insertFutureMessage(t.db, other.estateId!, othersBeneficiary.id);
    for (const [method, url, body] of [
      ['GET', `/api/v1/future-messages/${theirs.id}`, undefined],
      ['GET', `/api/v1/future-messages/${theirs.id}/preview`, undefined],
      ['PUT', `/api/v1/future-messages/${theirs.id}`, compose()],
      ['DELETE', `/api/v1/future-messages/${theirs.id}`, undefined],
    ] as const) {
      const res = await injectAs(t, ownerS, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.db.select().from(futureMessages).where(eq(futureMessages.id, theirs.id)))[0]?.subject).toBe(theirs.subject);
  });

  it('explains bad input: rule fields, past dates, unknown fields, sizes', async () => {
    const noDate = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ deliverOn: null }));
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().error.fields).toHaveProperty('deliverOn');
    const past = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ deliverOn: '2026-03-15' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.deliverOn).toMatch(/future/);
    const noDays = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ deliveryRule: 'after_activation' }));
    expect(noDays.json().error.fields).toHaveProperty('daysAfterActivation');
    const unknown = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', { ...compose(), sendNow: true });
    expect(unknown.json().error.fields).toMatchObject({ sendNow: 'Unknown field' });
    const empty = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ subject: '  ', body: '' }));
    expect(Object.keys(empty.json().error.fields)).toEqual(expect.arrayContaining(['subject', 'body']));
    const long = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ subject: 'x'.repeat(201) }));
    expect(long.statusCode).toBe(400);
    const badId = await injectAs(t, ownerS, 'GET', '/api/v1/future-messages/not-an-id');
    expect(badId.statusCode).toBe(400);
  });

  it('needs a birthday for the birthday rule, and records one given in the form', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ recipientId: james.id, deliveryRule: 'next_birthday', deliverOn: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('recipientDateOfBirth');
    const ok = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', {
      ...compose({ recipientId: james.id, deliveryRule: 'next_birthday', deliverOn: null }),
      recipientDateOfBirth: '1984-01-23',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().dueAt).toBe('2027-01-23T09:00:00.000Z');
    const [row] = await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, james.id));
    expect(row?.dateOfBirth).toBe('1984-01-23');
  });

  it('will not schedule for a recipient whose messages access is off (a draft is fine)', async () => {
    const sophie = await insertBeneficiary(t.db, owner.estateId!, { firstName: 'Sophie', accessMessages: false });
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ recipientId: sophie.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('recipientId');
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', compose({ recipientId: sophie.id, status: 'draft' }))).statusCode).toBe(201);
  });

  it('is not for roles without future messages', async () => {
    const s = await sessionFor(t, emilyUser);
    expect((await injectAs(t, s, 'GET', '/api/v1/future-messages')).statusCode).toBe(403);
    expect((await injectAs(t, s, 'POST', '/api/v1/future-messages', compose())).statusCode).toBe(403);
  });
});

describe('delivery', () => {
  it('delivers a due message into the recipient’s inbox exactly once, with a notification', async () => {
    const owner2 = await insertUser(t.db, { name: 'Alice Moore' });
    const readerUser = await insertUser(t.db, { roles: ['beneficiary'] });
    const reader = await insertBeneficiary(t.db, owner2.estateId!, { userId: readerUser.id });
        const res = await injectAs(t, await fresh(owner2), 'POST', '/api/v1/future-messages', compose({ recipientId: reader.id, deliverOn: isoDay(3), subject: 'Three days' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().id;

    await t.app.deps.jobs.runDue();
    expect(await inboxOf(readerUser.id)).toHaveLength(0);

    t.clock.advance(4 * DAY);
    const runs = await t.app.deps.jobs.runDue();
    expect(runs.find((r) => r.job === 'deliver-due-future-messages')?.result).toMatchObject({ delivered: expect.any(Number) });
    const inbox = await inboxOf(readerUser.id);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ subject: 'Three days', senderId: owner2.id, futureMessageId: id, estateId: owner2.estateId });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, readerUser.id));
    expect(note).toMatchObject({ type: 'message', fromName: 'Alice Moore' });
    expect((await injectAs(t, await fresh(owner2), 'GET', `/api/v1/future-messages/${id}`)).json()).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });

    await t.app.deps.jobs.runDue();
    await t.app.deps.jobs.runDue();
    expect(await inboxOf(readerUser.id)).toHaveLength(1);
  });

  it('tells the owner their message arrived, unless they turned legacy updates off', async () => {
    const keen = await insertUser(t.db, { name: 'Alice Moore' });
    const quiet = await insertUser(t.db, { name: 'Bea Quiet' });
    await injectAs(t, await fresh(quiet), 'PATCH', '/api/v1/settings', { legacyUpdates: false });
    for (const writer of [keen, quiet]) {
      const readerUser = await insertUser(t.db, { roles: ['beneficiary'] });
      const reader = await insertBeneficiary(t.db, writer.estateId!, { userId: readerUser.id, firstName: 'Rosa' });
      const res = await injectAs(t, await fresh(writer), 'POST', '/api/v1/future-messages', compose({ recipientId: reader.id, deliverOn: isoDay(2), subject: 'Hello' }));
      expect(res.statusCode).toBe(201);
    }
    t.clock.advance(3 * DAY);
    await t.app.deps.jobs.runDue();
    const toKeen = await t.db.select().from(notifications).where(eq(notifications.userId, keen.id));
    expect(toKeen.map((n) => n.message)).toEqual(['Your message “Hello” was delivered to Rosa']);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, quiet.id))).toEqual([]);
  });

  it('delivers once when two schedulers run at the same moment', async () => {
    const readerUser = await insertUser(t.db, { roles: ['beneficiary'] });
    const reader = await insertBeneficiary(t.db, owner.estateId!, { userId: readerUser.id });
    for (let i = 0; i < 5; i++) {
      await insertFutureMessage(t.db, owner.estateId!, reader.id, { status: 'scheduled', dueAt: new Date(t.clock.now().getTime() - 1000) });
    }
    const second = createJobScheduler({ database: t.database, deps: () => t.app.deps });
    const results = await Promise.all([
      deliverDueFutureMessages(jobCtx()),
      deliverDueFutureMessages(jobCtx()),
      second.runDue(),
      t.app.deps.jobs.runDue(),
    ]);
    await second.stop();
    expect(results[0].delivered + results[1].delivered).toBeLessThanOrEqual(5);
    expect(await inboxOf(readerUser.id)).toHaveLength(5);
  });

  it('keeps a message for a recipient without an account waiting, and delivers it once they link', async () => {
    const waiting = await insertBeneficiary(t.db, owner.estateId!, { firstName: 'Grace' });
    const res = await injectAs(t, await fresh(owner), 'POST', '/api/v1/future-messages', compose({ recipientId: waiting.id, deliverOn: isoDay(1) }));
    const id = res.json().id;
    t.clock.advance(2 * DAY);
    await t.app.deps.jobs.runDue();
    const still = (await injectAs(t, await fresh(owner), 'GET', `/api/v1/future-messages/${id}`)).json();
    expect(still).toMatchObject({ status: 'scheduled', waitingFor: 'Waiting for Grace to accept the invitation' });

    const grace = await insertUser(t.db, { roles: ['beneficiary'] });
    await t.db.update(beneficiaries).set({ userId: grace.id }).where(eq(beneficiaries.id, waiting.id));
    await t.app.deps.jobs.runDue();
    expect(await inboxOf(grace.id)).toHaveLength(1);
  });

  it('schedules after-activation messages when the estate becomes active', async () => {
    const owner3 = await insertUser(t.db);
    const readerUser = await insertUser(t.db, { roles: ['beneficiary'] });
    const reader = await insertBeneficiary(t.db, owner3.estateId!, { userId: readerUser.id });
        const res = await injectAs(t, await fresh(owner3), 'POST', '/api/v1/future-messages', compose({ recipientId: reader.id, deliveryRule: 'after_activation', daysAfterActivation: 30, deliverOn: null }));
    expect(res.json()).toMatchObject({ status: 'scheduled', dueAt: null, deliveryInWords: '30 days after my passing', waitingFor: 'Waits for the estate to be activated' });
    const draft = await injectAs(t, await fresh(owner3), 'POST', '/api/v1/future-messages', compose({ recipientId: reader.id, deliveryRule: 'after_activation', daysAfterActivation: 1, status: 'draft' }));

    t.clock.advance(400 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await inboxOf(readerUser.id)).toHaveLength(0);

    const activatedAt = t.clock.now();
    await t.db.update(estates).set({ status: 'active', activatedAt }).where(eq(estates.id, owner3.estateId!));
    expect(await scheduleAfterActivation(t.app.deps, owner3.estateId!, activatedAt)).toBe(1);
    const scheduled = (await injectAs(t, await fresh(owner3), 'GET', `/api/v1/future-messages/${res.json().id}`)).json();
    expect(scheduled.dueAt).toBe(new Date(activatedAt.getTime() + 30 * DAY).toISOString());
    expect((await injectAs(t, await fresh(owner3), 'GET', `/api/v1/future-messages/${draft.json().id}`)).json()).toMatchObject({ status: 'draft', dueAt: null });

    t.clock.advance(29 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await inboxOf(readerUser.id)).toHaveLength(0);
    t.clock.advance(2 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await inboxOf(readerUser.id)).toHaveLength(1);

    // An active estate is kept as its owner left it: no letter is added from the account afterwards (ADR 0074).
    const late = await injectAs(t, await fresh(owner3), 'POST', '/api/v1/future-messages', compose({ recipientId: reader.id, deliveryRule: 'after_activation', daysAfterActivation: 45, deliverOn: null }));
    expect(late.statusCode).toBe(409);
  });

  it('survives a restart: a new app over the same database delivers what the old one scheduled', async () => {
    const readerUser = await insertUser(t.db, { roles: ['beneficiary'] });
    const reader = await insertBeneficiary(t.db, owner.estateId!, { userId: readerUser.id });
    const res = await injectAs(t, await fresh(owner), 'POST', '/api/v1/future-messages', compose({ recipientId: reader.id, deliverOn: isoDay(10) }));
    expect(res.statusCode).toBe(201);
    await t.app.deps.jobs.runDue(); // the first app's queue is in use

    const restarted = await buildApp({ config: t.config, database: t.database, clock: t.clock, testClock: t.clock, logger: false });
    // only a signed-in administrator may move the clock
    const admin = await fresh(await insertUser(t.db, { roles: ['admin'] }));
    try {
      const advanced = await restarted.inject({
        method: 'POST',
        url: '/api/v1/test/clock',
        headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
        payload: { advanceMs: 11 * DAY },
      });
      expect(advanced.statusCode, advanced.body).toBe(200);
      expect(advanced.json().ran.map((r: { job: string }) => r.job)).toContain('deliver-due-future-messages');
      expect(await inboxOf(readerUser.id)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
    const [row] = await t.db.select().from(futureMessages).where(and(eq(futureMessages.id, res.json().id), eq(futureMessages.status, 'delivered')));
    expect(row).toBeTruthy();
  });

  it('has no clock endpoint unless the app is built for end-to-end tests', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/clock',
      headers: { cookie: 'heirloom_csrf=e2e-token', 'x-csrf-token': 'e2e-token' },
      payload: { advanceMs: DAY },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('job queue', () => {
  it('runs queued jobs through pg-boss and validates their payloads', async () => {
    await expect(t.app.deps.jobs.enqueue('deliver-due-future-messages', { surprise: 1 })).rejects.toThrow();
    await expect(t.app.deps.jobs.enqueue('no-such-job')).rejects.toThrow(/unknown job/);
    await t.app.deps.jobs.enqueue('deliver-due-future-messages', {});
    const runs = await t.app.deps.jobs.runDue();
    // once as the periodic sweep, once for the queued job
    expect(runs.filter((r) => r.job === 'deliver-due-future-messages')).toHaveLength(2);
    expect((await t.app.deps.jobs.runDue()).filter((r) => r.job === 'deliver-due-future-messages')).toHaveLength(1);
  });

  it('the background poller picks up queued work by itself', async () => {
    const readerUser = await insertUser(t.db, { roles: ['beneficiary'] });
    const reader = await insertBeneficiary(t.db, owner.estateId!, { userId: readerUser.id });
    await insertFutureMessage(t.db, owner.estateId!, reader.id, { status: 'scheduled', dueAt: new Date(t.clock.now().getTime() - 1000) });
    const poller = createJobScheduler({ database: t.database, deps: () => t.app.deps, pollingIntervalSeconds: 0.5 });
    try {
      await poller.start();
      expect(poller.state).toBe('polling');
      await poller.enqueue('deliver-due-future-messages', {});
      const deadline = Date.now() + 15_000;
      while ((await inboxOf(readerUser.id)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await inboxOf(readerUser.id)).toHaveLength(1);
    } finally {
      await poller.stop();
    }
    expect(poller.state).toBe('stopped');
  });
});
