/**
 * User feedback (ADR 0030): every role sends it; it is stored, audited without its text, raises an
 * admin alert naming the sender and category only; at most 10 an hour per account, parallel
 * requests included; admins list it newest first, a page at a time; nobody else can.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS, FEEDBACK_PAGE_SIZE, type TFeedbackPage } from '../../../core/feedback.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { adminAlerts, feedback } from '../../db/schema/admin.ts';
import { auditLog } from '../../db/schema/system.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const MINUTE = 60_000;
const ROLES: Role[] = ['estate-owner', 'legacy-planner', 'beneficiary', 'estate-administrator', 'admin'];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
});
afterAll(async () => t.close());

const send = async (user: { id: string }, body: unknown) => injectAs(t, await sessionFor(t, user), 'POST', '/api/v1/feedback', body);
const rowsOf = (userId: string) => t.db.select().from(feedback).where(eq(feedback.userId, userId));

describe('POST /api/v1/feedback', () => {
  it('takes feedback from every role, stores it with the page, audits it without the message and raises an alert without the text', async () => {
    for (const role of ROLES) {
      const user = await insertUser(t.db, { roles: [role], name: `Sender ${role}` });
      const category = role === 'admin' ? 'other' : role === 'beneficiary' ? 'feature' : 'bug';
      const res = await send(user, { category, message: `  The ${role} page is slow, secret words  `, page: `/${role}/settings` });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: string };

      expect(await rowsOf(user.id)).toEqual([
        expect.objectContaining({ id, category, message: `The ${role} page is slow, secret words`, page: `/${role}/settings`, createdAt: NOW }),
      ]);
      const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'feedback.sent')));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ targetType: 'feedback', targetId: id, details: { category, page: `/${role}/settings` } });
      expect(JSON.stringify(audits[0])).not.toContain('secret words');

      const [alert] = await t.db.select().from(adminAlerts).where(eq(adminAlerts.dedupeKey, `feedback:${id}`));
      const label = { bug: 'bug report', feature: 'feature request', other: 'other' }[category];
      expect(alert).toMatchObject({ type: category === 'bug' ? 'bug' : 'feature', status: 'pending', message: `New feedback from Sender ${role}: ${label}` });
      expect(JSON.stringify(alert)).not.toContain('secret words');
    }
  });

  it('refuses bad input with a 400 that names the field, and stores nothing', async () => {
    const user = await insertUser(t.db, { roles: ['estate-owner'] });
    const long = 'x'.repeat(FEEDBACK_LIMITS.messageMaxLength + 1);
    const cases: [unknown, string, string][] = [
      [{ category: 'bug' }, 'message', 'Enter a message'],
      [{ category: 'bug', message: '   ' }, 'message', 'Enter a message'],
      [{ category: 'bug', message: long }, 'message', 'Use at most 2000 characters'],
      [{ category: 'praise', message: 'Hi' }, 'category', 'Choose bug report, feature request or other'],
      [{ message: 'Hi' }, 'category', 'Choose bug report, feature request or other'],
      [{ category: 'bug', message: 'Hi', page: 'https://evil.example/x' }, 'page', 'Must be a path of this app, such as /estate-owner'],
      [{ category: 'bug', message: 'Hi', page: '/a?token=1' }, 'page', 'Must be a path of this app, such as /estate-owner'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const extra = await send(user, { category: 'bug', message: 'Hi', rating: 5 });
    expect(extra.statusCode).toBe(400);
    expect((await send(user, { category: 'bug', message: 'Hi\u0000there' })).statusCode).toBe(400);
    expect(await rowsOf(user.id)).toEqual([]);
    // exactly the limit is fine
    expect((await send(user, { category: 'bug', message: 'y'.repeat(FEEDBACK_LIMITS.messageMaxLength) })).statusCode).toBe(201);
  });

  it('refuses a signed-out visitor', async () => {
    const res = await injectAs(t, null, 'POST', '/api/v1/feedback', { category: 'bug', message: 'Hi' });
    expect(res.statusCode).toBe(401);
  });

  it('allows 10 an hour per account, then answers 429 with when to try again; the hour rolls on', async () => {
    const user = await insertUser(t.db, { roles: ['beneficiary'] });
    const other = await insertUser(t.db, { roles: ['beneficiary'] });
    const s = await sessionFor(t, user);
    for (let i = 0; i < FEEDBACK_LIMITS.perAccountPerHour; i++) {
      t.clock.set(new Date(NOW.getTime() + i * MINUTE));
      expect((await injectAs(t, s, 'POST', '/api/v1/feedback', { category: 'other', message: `Note ${i}` })).statusCode).toBe(201);
    }
    t.clock.set(new Date(NOW.getTime() + 20 * MINUTE));
    const refused = await injectAs(t, s, 'POST', '/api/v1/feedback', { category: 'other', message: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: 'You can send up to 10 feedback messages an hour. Please try again in 40 minutes.' });
    expect(await rowsOf(user.id)).toHaveLength(10);
    // someone else is not held back
    expect((await send(other, { category: 'other', message: 'Mine' })).statusCode).toBe(201);
    // an hour after the first one, one place is free again
    t.clock.set(new Date(NOW.getTime() + 60 * MINUTE + 1));
    const later = await sessionFor(t, user); // the first session has idled out by now
    expect((await injectAs(t, later, 'POST', '/api/v1/feedback', { category: 'other', message: 'Later' })).statusCode).toBe(201);
    expect((await injectAs(t, later, 'POST', '/api/v1/feedback', { category: 'other', message: 'Too soon' })).statusCode).toBe(429);
    t.clock.set(NOW);
  });

  it('holds the limit against parallel requests: of 15 at once, 10 are stored', async () => {
    const user = await insertUser(t.db, { roles: ['estate-owner'] });
    const s = await sessionFor(t, user);
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => injectAs(t, s, 'POST', '/api/v1/feedback', { category: 'bug', message: `Burst ${i}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(201), ...Array(5).fill(429)]);
    expect(await rowsOf(user.id)).toHaveLength(10);
  });
});

describe('GET /api/v1/admin/feedback', () => {
  it('lists every user’s feedback newest first, ten a page, with the sender’s name, for admins only', async () => {
    const fresh = await buildTestApp();
    try {
      fresh.clock.set(NOW);
      const admin = await insertUser(fresh.db, { roles: ['admin'] });
      const alice = await insertUser(fresh.db, { roles: ['estate-owner'], name: 'Alice Moreau' });
      const bob = await insertUser(fresh.db, { roles: ['legacy-planner'], name: 'Bob Okafor' });
      const as = { alice: await sessionFor(fresh, alice), bob: await sessionFor(fresh, bob) };
      for (let i = 0; i < 12; i++) {
        fresh.clock.set(new Date(NOW.getTime() + i * MINUTE));
        const who = i % 2 === 0 ? 'alice' : 'bob';
        const res = await injectAs(fresh, as[who], 'POST', '/api/v1/feedback', { category: i % 3 === 0 ? 'bug' : 'feature', message: `Message ${i}`, page: `/p/${i}` });
        expect(res.statusCode).toBe(201);
      }
      const adminS = await sessionFor(fresh, admin);
      const first = (await injectAs(fresh, adminS, 'GET', '/api/v1/admin/feedback')).json() as TFeedbackPage;
      expect(first.items).toHaveLength(FEEDBACK_PAGE_SIZE);
      expect(first.items.map((f) => f.message)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Message ${i}`));
      expect(first.items[0]).toEqual({
        id: expect.any(String),
        name: 'Bob Okafor',
        category: 'feature',
        message: 'Message 11',
        page: '/p/11',
        createdAt: '2026-06-15T12:11:00.000Z',
      });
      expect(first.items[1]).toMatchObject({ name: 'Alice Moreau', category: 'feature' });
      expect(first.nextCursor).not.toBeNull();
      const second = (await injectAs(fresh, adminS, 'GET', `/api/v1/admin/feedback?cursor=${encodeURIComponent(first.nextCursor!)}`)).json() as TFeedbackPage;
      expect(second.items.map((f) => f.message)).toEqual(['Message 1', 'Message 0']);
      expect(second.items[1]).toMatchObject({ name: 'Alice Moreau', category: 'bug' });
      expect(second.nextCursor).toBeNull();

      const bad = await injectAs(fresh, adminS, 'GET', '/api/v1/admin/feedback?cursor=yesterday');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('cursor');

      for (const role of ROLES.filter((r) => r !== 'admin')) {
        const user = await insertUser(fresh.db, { roles: [role] });
        const res = await injectAs(fresh, await sessionFor(fresh, user), 'GET', '/api/v1/admin/feedback');
        expect(res.statusCode, role).toBe(403);
        expect(res.body).not.toContain('Message');
      }
      expect((await injectAs(fresh, null, 'GET', '/api/v1/admin/feedback')).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
