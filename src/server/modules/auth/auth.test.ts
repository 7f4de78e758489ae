import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system.ts';
import { estates } from '../../db/schema/estates.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { ONBOARDING_TASKS } from '../../../core/onboarding.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { totpFor } from './second-factor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const auditActions = async (userId: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, userId))).map((r) => r.action);

describe('sign up', () => {
  it('creates a signed-in estate owner with an empty estate and the onboarding checklist', async () => {
    const b = new Browser(t);
    const res = await b.call('POST', '/api/v1/auth/sign-up', { name: 'Ada Byron', email: 'Ada@Example.com ', password: 'a-long-password' });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ name: 'Ada Byron', email: 'ada@example.com', roles: ['estate-owner'], initials: 'AB' });
    const [estate] = await t.db.select().from(estates).where(eq(estates.ownerId, user.id));
    expect(estate?.status).toBe('planning');
    const checklist = await t.db.select().from(tasks).where(eq(tasks.estateId, estate!.id));
    expect(checklist.map((x) => x.title).sort()).toEqual(ONBOARDING_TASKS.map((x) => x.title).sort());
    const session = await b.call('GET', '/api/v1/auth/session');
    expect(session.json().user.id).toBe(user.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an email that is already registered, with a field error', async () => {
    const existing = await insertUser(t.db);
    const res = await new Browser(t).call('POST', '/api/v1/auth/sign-up', { name: 'X Y', email: existing.email, password: 'a-long-password' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.email).toBeTruthy();
  });

  it('explains bad fields: an invalid email, a short password, an unknown field', async () => {
    const res = await new Browser(t).call('POST', '/api/v1/auth/sign-up', { name: '', email: 'not-an-email', password: 'short', admin: true });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(['email', 'password', 'name', 'admin']));
  });
});

describe('sign in', () => {
  let user: InsertedUser;
  beforeAll(async () => {
    user = await insertUser(t.db, { roles: ['beneficiary'] });
  });

  it('signs in, rotates the session cookie and records who, what, when and from where', async () => {
    const b = new Browser(t);
    const first = await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password });
    expect(first.statusCode).toBe(200);
    const cookie1 = first.cookies.find((c) => c.name === 'heirloom_session');
    expect(cookie1?.httpOnly).toBe(true);
    const second = await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password });
    const cookie2 = second.cookies.find((c) => c.name === 'heirloom_session');
    expect(cookie2?.value).not.toBe(cookie1?.value);
    // the previous session on this browser was ended at rotation
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(1);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'auth.sign_in')));
    expect(entry).toMatchObject({ ip: '127.0.0.1' });
    expect(entry?.at).toBeInstanceOf(Date);
  });

  it('refuses a wrong password without saying which part was wrong, and audits the failure', async () => {
    const res = await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: user.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    const unknown = await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(unknown.json().error.message).toBe(res.json().error.message);
    expect(await auditActions(user.id)).toContain('auth.sign_in_failed');
  });

  it('locks the account after five failures, even for the right password, until the lock period passes', async () => {
    const victim = await insertUser(t.db);
    const b = new Browser(t);
    for (let i = 0; i < 5; i++) {
      expect((await b.call('POST', '/api/v1/auth/sign-in', { email: victim.email, password: 'guess-' + i })).statusCode).toBe(401);
    }
    const locked = await b.call('POST', '/api/v1/auth/sign-in', { email: victim.email, password: victim.password });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(await auditActions(victim.id)).toContain('auth.account_locked');
    t.clock.advance(16 * 60_000);
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: victim.email, password: victim.password })).statusCode).toBe(200);
  });

  it('asks for the second factor when two-factor is on and accepts a valid code', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const owner = await insertUser(t.db, { totpSecretEnc: t.app.deps.secrets.encrypt(secret), totpEnabledAt: new Date() });
    const b = new Browser(t);
    const first = await b.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password });
    expect(first.statusCode).toBe(401);
    expect(first.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await b.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code: '000000' });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const code = totpFor(secret, 'x', 'x').generate({ timestamp: t.clock.now().getTime() });
    const ok = await b.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a suspended account', async () => {
    const suspended = await insertUser(t.db, { status: 'suspended' });
    const res = await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: suspended.email, password: suspended.password });
    expect(res.statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('ends a session after 30 minutes without activity and says so', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    expect((await injectAs(t, s, 'GET', '/api/v1/auth/session')).json().user.id).toBe(user.id);
    t.clock.advance(29 * 60_000);
    expect((await injectAs(t, s, 'GET', '/api/v1/auth/session')).json().user?.id).toBe(user.id);
    t.clock.advance(29 * 60_000); // active 29 minutes ago: still alive
    expect((await injectAs(t, s, 'GET', '/api/v1/auth/session')).json().user?.id).toBe(user.id);
    t.clock.advance(31 * 60_000);
    const expired = await injectAs(t, s, 'POST', '/api/v1/auth/sign-out');
    expect((await injectAs(t, s, 'GET', '/api/v1/auth/session')).json().user).toBeNull();
    expect(expired.statusCode).toBe(200);
    expect((await t.db.select().from(sessions).where(eq(sessions.id, s.sessionId))).length).toBe(0);
  });

  it('answers SESSION_EXPIRED on a protected route after the idle timeout', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    expect((await injectAs(t, s, 'GET', '/api/v1/account')).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    const res = await injectAs(t, s, 'GET', '/api/v1/account');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
    const again = await injectAs(t, s, 'GET', '/api/v1/account');
    expect(again.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('signs out: the session is gone and the sign-out is audited', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const res = await injectAs(t, s, 'POST', '/api/v1/auth/sign-out');
    expect(res.statusCode).toBe(200);
    expect((await injectAs(t, s, 'GET', '/api/v1/auth/session')).json().user).toBeNull();
    expect(await auditActions(user.id)).toContain('auth.sign_out');
  });

  it('refuses a mutation without the CSRF header', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie: s.cookie, 'x-csrf-token': 'forged' } });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('demo sign-in', () => {
  it('is refused when the demo is not seeded, with a clear message', async () => {
    const res = await new Browser(t).call('POST', '/api/v1/demo/sign-in', { persona: 'admin' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/npm run seed/);
  });

  it('rejects an unknown persona', async () => {
    const res = await new Browser(t).call('POST', '/api/v1/demo/sign-in', { persona: 'superuser' });
    expect(res.statusCode).toBe(400);
  });
});
