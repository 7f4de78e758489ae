import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, emailsTo, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { totpFor } from '../../identity/second-factor.ts';
import { INVALID_CREDENTIALS_MESSAGE } from './sign-in.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

let n = 0;
/** Each test signs in from its own address: the per-address rate limit is not what these tests are about. */
const browser = () => new Browser(t, `10.2.0.${++n % 250}`);

const auditActions = async (userId: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, userId))).map((r) => r.action);

describe('sign in', () => {
  let user: InsertedUser;
  beforeAll(async () => {
    user = await insertUser(t.db, { roles: ['beneficiary'] });
  });

  it('signs in, rotates the session cookie and records who, what, when and from where', async () => {
    const b = new Browser(t, '192.0.2.7');
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
    expect(entry).toMatchObject({ ip: '192.0.2.7' });
    expect(entry?.at).toBeInstanceOf(Date);
  });

  it('gives an unknown email, a wrong password and a locked account the same status and message, and audits each', async () => {
    const signIn = (email: string, password: string) => browser().call('POST', '/api/v1/auth/sign-in', { email, password });
    const wrong = await signIn(user.email, 'wrong-password');
    const unknown = await signIn('nobody@example.com', 'wrong-password');
    const locked = await insertUser(t.db, { lockedUntil: new Date(t.clock.now().getTime() + 10 * 60_000) });
    const whileLocked = await signIn(locked.email, 'wrong-password');
    const rightWhileLocked = await signIn(locked.email, locked.password);
    for (const res of [wrong, unknown, whileLocked, rightWhileLocked]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE } });
    }
    expect(await auditActions(user.id)).toContain('auth.sign_in_failed');
    expect(await auditActions(locked.id)).toContain('auth.sign_in_refused_locked');
  });

  it('locks the account after five failures, even for the right password, emails the owner, and opens after the lock period', async () => {
    const victim = await insertUser(t.db);
    const b = browser();
    for (let i = 0; i < 5; i++) {
      expect((await b.call('POST', '/api/v1/auth/sign-in', { email: victim.email, password: 'guess-' + i })).statusCode).toBe(401);
    }
    const locked = await b.call('POST', '/api/v1/auth/sign-in', { email: victim.email, password: victim.password });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(await auditActions(victim.id)).toContain('auth.account_locked');
    expect((await emailsTo(t, victim.email)).map((m) => m.kind)).toEqual(['account-locked']);
    t.clock.advance(16 * 60_000);
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: victim.email, password: victim.password })).statusCode).toBe(200);
  });

  it('counts parallel wrong passwords one by one: fifteen at once lock the account', async () => {
    const victim = await insertUser(t.db);
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => browser().call('POST', '/api/v1/auth/sign-in', { email: victim.email, password: `guess-${i}` })),
    );
    expect(guesses.every((r) => r.statusCode === 401)).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const right = await browser().call('POST', '/api/v1/auth/sign-in', { email: victim.email, password: victim.password });
    expect(right.statusCode).toBe(401);
    // A guess that read the row before the lock landed is counted as a failure; one that read it
    // after is refused as locked. Either way every guess is recorded, and at least a lock's worth
    // of them were counted one by one (none lost to a read-modify-write race).
    const actions = await auditActions(victim.id);
    const failures = actions.filter((a) => a === 'auth.sign_in_failed').length;
    const refused = actions.filter((a) => a === 'auth.sign_in_refused_locked').length;
    expect(failures + refused).toBe(16);
    expect(failures).toBeGreaterThanOrEqual(5);
    expect(actions).toContain('auth.account_locked');
  });

  it('refuses a demo account outside demo mode, and ends its open sessions', async () => {
    const demo = await insertUser(t.db, { isDemo: true });
    const open = await sessionFor(t, demo);
    expect((await browser().call('POST', '/api/v1/auth/sign-in', { email: demo.email, password: demo.password })).statusCode).toBe(200);
    const production = await buildTestApp({ demoMode: false });
    try {
      const demoThere = await insertUser(production.db, { isDemo: true });
      const sessionThere = await sessionFor(production, demoThere);
      const res = await new Browser(production).call('POST', '/api/v1/auth/sign-in', { email: demoThere.email, password: demoThere.password });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(INVALID_CREDENTIALS_MESSAGE);
      const stale = await injectAs(production, sessionThere, 'GET', '/api/v1/account');
      expect(stale.json().error.code).toBe('SESSION_EXPIRED');
      const demoSignIn = await new Browser(production).call('POST', '/api/v1/demo/sign-in', { persona: 'admin' });
      expect(demoSignIn.statusCode).toBe(404);
    } finally {
      await production.close();
    }
    expect((await injectAs(t, open, 'GET', '/api/v1/account')).statusCode).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const codeAt = (ms: number) => totpFor(secret, 'x', 'x').generate({ timestamp: ms });
  const withTotp = () => insertUser(t.db, { totpSecretEnc: t.app.deps.secrets.encrypt(secret), totpEnabledAt: new Date() });

  it('asks for the second factor and accepts a valid code once: the same code, or the previous step’s, is refused after', async () => {
    const owner = await withTotp();
    const b = browser();
    const first = await b.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password });
    expect(first.statusCode).toBe(401);
    expect(first.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await b.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code: '000000' });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const now = t.clock.now().getTime();
    const ok = await b.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code: codeAt(now) });
    expect(ok.statusCode).toBe(200);
    const replay = await browser().call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code: codeAt(now) });
    expect(replay.statusCode).toBe(401);
    const previous = await browser().call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code: codeAt(now - 30_000) });
    expect(previous.statusCode).toBe(401);
    t.clock.advance(30_000);
    const next = await browser().call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code: codeAt(t.clock.now().getTime()) });
    expect(next.statusCode).toBe(200);
  });

  it('opens one session for one code sent in parallel', async () => {
    const owner = await withTotp();
    const code = codeAt(t.clock.now().getTime());
    const results = await Promise.all(
      [1, 2, 3].map(() => browser().call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('uses a recovery code up: three parallel sign-ins with it open one session', async () => {
    const recovery = 'abcd-efgh-ijkl';
    const owner = await insertUser(t.db, {
      totpSecretEnc: t.app.deps.secrets.encrypt(secret),
      totpEnabledAt: new Date(),
      recoveryCodeHashes: [await hashPassword('abcdefghijkl'), await hashPassword('mnopqrstuvwx')],
    });
    const results = await Promise.all(
      [1, 2, 3].map(() => browser().call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password, code: recovery })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, owner.id))).length).toBe(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.recoveryCodeHashes).toHaveLength(1);
  });

  it('refuses a suspended account', async () => {
    const suspended = await insertUser(t.db, { status: 'suspended' });
    const res = await browser().call('POST', '/api/v1/auth/sign-in', { email: suspended.email, password: suspended.password });
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
    const expired = await injectAs(t, s, 'GET', '/api/v1/account');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('SESSION_EXPIRED');
    expect((await injectAs(t, s, 'GET', '/api/v1/auth/session')).json().user).toBeNull();
    expect((await t.db.select().from(sessions).where(eq(sessions.id, s.sessionId))).length).toBe(0);
  });

  it('ends a session 12 hours after sign-in however busy it is kept', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    for (let minutes = 0; minutes < 12 * 60; minutes += 20) {
      t.clock.advance(20 * 60_000);
      if (minutes + 20 >= 12 * 60) break;
      expect((await injectAs(t, s, 'GET', '/api/v1/account')).statusCode, `after ${minutes + 20} minutes`).toBe(200);
    }
    t.clock.advance(60_000);
    const res = await injectAs(t, s, 'GET', '/api/v1/account');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('refuses the open session of a user who was suspended, on the very next request', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    expect((await injectAs(t, s, 'GET', '/api/v1/account')).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const res = await injectAs(t, s, 'GET', '/api/v1/account');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
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

  it('takes only the session’s own CSRF token once signed in, not the anonymous double-submit cookie', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const anonymous = /heirloom_csrf=([^;]+)/.exec(s.cookie)![1]!;
    expect(anonymous).not.toBe(s.csrfToken);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/account', headers: { cookie: s.cookie, 'x-csrf-token': anonymous }, payload: { name: 'Forged Name' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
    const own = await injectAs(t, s, 'PATCH', '/api/v1/account', { name: 'Own Name' });
    expect(own.statusCode).toBe(200);
  });
});

describe('demo sign-in', () => {
  it('is refused when the demo is not seeded, with a clear message', async () => {
    const res = await browser().call('POST', '/api/v1/demo/sign-in', { persona: 'admin' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/npm run seed/);
  });

  it('rejects an unknown persona', async () => {
    const res = await browser().call('POST', '/api/v1/demo/sign-in', { persona: 'superuser' });
    expect(res.statusCode).toBe(400);
  });
});
