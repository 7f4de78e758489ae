import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, Browser, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { DEFAULT_SYSTEM_SETTINGS } from '../../../core/system-settings.schemas.ts';
import { adminAlerts } from '../../db/schema/admin.ts';
import { auditLog, systemSettings } from '../../db/schema/system.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { totpFor } from '../../identity/second-factor.ts';
import { mergeSystemSettings } from '../../settings/get-system-settings.ts';

let t: TestApp;
let adminUser: InsertedUser;
let admin: TestSession;
beforeAll(async () => {
  t = await buildTestApp();
  // A clock that only moves when a test moves it: the figures below are exact.
  t.clock.set(new Date('2026-11-23T12:00:00Z'));
  adminUser = await insertUser(t.db, { roles: ['admin'], name: 'Ada Admin', totpEnabledAt: new Date() });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await mergeSystemSettings(t.db, DEFAULT_SYSTEM_SETTINGS);
  // A fresh admin session each test (the tests move the clock past idle timeouts).
  admin = await sessionFor(t, adminUser);
});

const POLICY = '/api/v1/admin/security-policy';
const policy = (overrides: Record<string, unknown> = {}) => ({
  requireTwoFactor: false,
  sessionTimeoutMinutes: 30,
  lockout: { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 },
  ...overrides,
});
const put = (body: unknown, s: TestSession = admin) => injectAs(t, s, 'PUT', POLICY, body);
/** Set the policy as the admin (a setup step: it must succeed). */
async function setPolicy(overrides: Record<string, unknown>) {
  const res = await put(policy(overrides));
  expect(res.statusCode, res.body).toBe(200);
}
let ip = 0;
const browser = () => new Browser(t, `10.2.0.${++ip}`);

describe('security policy API', () => {
  it('shows the policy and how many active users lack two-factor, counted in the database', async () => {
    const before = (await injectAs(t, admin, 'GET', POLICY)).json();
    await insertUser(t.db);
    await insertUser(t.db, { totpEnabledAt: new Date() });
    await insertUser(t.db, { status: 'suspended' });
    const res = await injectAs(t, admin, 'GET', POLICY);
    expect(res.statusCode).toBe(200);
    expect(res.json().policy).toEqual(policy());
    expect(res.json().activeUsers).toBe(before.activeUsers + 2);
    expect(res.json().usersWithoutTwoFactor).toBe(before.usersWithoutTwoFactor + 1);
  });

  it('saves, takes effect at once, and audit-logs each change old → new (nothing for an unchanged save)', async () => {
    const res = await put(policy({ requireTwoFactor: true, sessionTimeoutMinutes: 45, lockout: { maxFailures: 7, windowMinutes: 15, lockMinutes: 30 } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().policy).toMatchObject({ requireTwoFactor: true, sessionTimeoutMinutes: 45, lockout: { maxFailures: 7, lockMinutes: 30 } });
    expect((await injectAs(t, admin, 'GET', '/api/v1/auth/session')).json().idleTimeoutMinutes).toBe(45);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'admin.security_policy_updated'));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({
      changes: {
        requireTwoFactor: { from: false, to: true },
        sessionTimeoutMinutes: { from: 30, to: 45 },
        'lockout.maxFailures': { from: 5, to: 7 },
        'lockout.lockMinutes': { from: 15, to: 30 },
      },
    });
    await setPolicy({ requireTwoFactor: true, sessionTimeoutMinutes: 45, lockout: { maxFailures: 7, windowMinutes: 15, lockMinutes: 30 } });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'admin.security_policy_updated'))).toHaveLength(1);
    await t.db.delete(auditLog).where(eq(auditLog.action, 'admin.security_policy_updated'));
  });

  it('keeps the other platform settings (system name) it does not own', async () => {
    await mergeSystemSettings(t.db, { ...DEFAULT_SYSTEM_SETTINGS, systemName: 'Family Vault' });
    await setPolicy({ sessionTimeoutMinutes: 20 });
    const [row] = await t.db.select().from(systemSettings);
    expect(row!.value).toMatchObject({ systemName: 'Family Vault', sessionTimeoutMinutes: 20 });
  });

  it('refuses bad values with a 400 and a plain message, and changes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [policy({ sessionTimeoutMinutes: 2 }), 'sessionTimeoutMinutes', 'The session timeout must be at least 5 minutes'],
      [policy({ sessionTimeoutMinutes: 2000 }), 'sessionTimeoutMinutes', 'The session timeout can be at most 1440 minutes (24 hours)'],
      [policy({ sessionTimeoutMinutes: 12.5 }), 'sessionTimeoutMinutes', 'The session timeout must be a whole number of minutes'],
      [policy({ lockout: { maxFailures: 1, windowMinutes: 15, lockMinutes: 15 } }), 'lockout.maxFailures', 'The lock-out threshold must be at least 3 failed attempts'],
      [policy({ lockout: { maxFailures: 5, windowMinutes: 0, lockMinutes: 15 } }), 'lockout.windowMinutes', 'The counting window must be at least 1 minutes'],
      [policy({ lockout: { maxFailures: 5, windowMinutes: 15, lockMinutes: 'forever' } }), 'lockout.lockMinutes', 'The lock-out duration must be a whole number of minutes'],
      [policy({ requireTwoFactor: 'yes' }), 'requireTwoFactor', 'Choose whether two-factor authentication is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect((await put({ ...policy(), systemName: 'Sneaky' })).statusCode).toBe(400);
    expect((await injectAs(t, admin, 'GET', POLICY)).json().policy).toEqual(policy());
  });

  it('is admin-only: other roles get 403, anonymous 401, and nothing changes', async () => {
    for (const roles of [['estate-owner'], ['estate-administrator'], ['legacy-planner'], ['beneficiary']] as const) {
      const s = await sessionFor(t, await insertUser(t.db, { roles: [...roles] }));
      expect((await put(policy({ requireTwoFactor: true }), s)).statusCode, roles[0]).toBe(403);
      expect((await injectAs(t, s, 'GET', POLICY)).statusCode, roles[0]).toBe(403);
    }
    expect((await injectAs(t, null, 'PUT', POLICY, policy())).statusCode).toBe(401);
    expect((await injectAs(t, admin, 'GET', POLICY)).json().policy.requireTwoFactor).toBe(false);
  });
});

describe('require two-factor', () => {
  it('holds a signed-in user without it at setup (also a session opened before), until set up', async () => {
    const owner = await insertUser(t.db, { roles: ['estate-owner'] });
    const s = await sessionFor(t, owner);
    expect((await injectAs(t, s, 'GET', '/api/v1/memories')).statusCode).toBe(200);
    await setPolicy({ requireTwoFactor: true });

    const session = (await injectAs(t, s, 'GET', '/api/v1/auth/session')).json();
    expect(session.twoFactorSetupRequired).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/v1/memories'],
      ['GET', '/api/v1/documents'],
      ['POST', '/api/v1/security/password'],
      ['POST', '/api/v1/security/two-factor/disable'],
      ['GET', '/api/v1/security/log'],
    ] as const) {
      const res = await injectAs(t, s, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toEqual({ code: 'TWO_FACTOR_SETUP_REQUIRED', message: 'Your platform requires two-factor authentication. Set it up to continue.' });
    }
    expect((await injectAs(t, s, 'GET', '/api/v1/account')).statusCode).toBe(200);
    expect((await injectAs(t, s, 'GET', '/api/v1/security')).statusCode).toBe(200);
    const setup = await injectAs(t, s, 'POST', '/api/v1/security/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const code = totpFor(setup.json().secret, 'x', 'x').generate({ timestamp: t.clock.now().getTime() });
    expect((await injectAs(t, s, 'POST', '/api/v1/security/two-factor/confirm', { code })).statusCode).toBe(200);

    expect((await injectAs(t, s, 'GET', '/api/v1/auth/session')).json().twoFactorSetupRequired).toBe(false);
    expect((await injectAs(t, s, 'GET', '/api/v1/memories')).statusCode).toBe(200);

    // While required, it cannot be turned off again.
    t.clock.advance(60_000);
    const next = totpFor(setup.json().secret, 'x', 'x').generate({ timestamp: t.clock.now().getTime() });
    const off = await injectAs(t, s, 'POST', '/api/v1/security/two-factor/disable', { code: next });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toContain('requires two-factor authentication');
    const [row] = await t.db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, owner.id));
    expect(row!.on).toBeInstanceOf(Date);
  });

  it('a user signing in without two-factor gets a session that can only set it up; sign-out works', async () => {
    await setPolicy({ requireTwoFactor: true });
    const user = await insertUser(t.db, { roles: ['beneficiary'] });
    const b = browser();
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await b.call('GET', '/api/v1/auth/session')).json().twoFactorSetupRequired).toBe(true);
    expect((await b.call('GET', '/api/v1/shared/home')).json().error?.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await b.call('POST', '/api/v1/auth/sign-out')).statusCode).toBe(200);
    expect((await b.call('GET', '/api/v1/auth/session')).json().user).toBeNull();
  });

  it('does not hold users who have two-factor, nor anyone once the policy is off again', async () => {
    const withTotp = await sessionFor(t, await insertUser(t.db, { roles: ['estate-owner'], totpEnabledAt: new Date() }));
    const without = await sessionFor(t, await insertUser(t.db, { roles: ['estate-owner'] }));
    await setPolicy({ requireTwoFactor: true });
    expect((await injectAs(t, withTotp, 'GET', '/api/v1/memories')).statusCode).toBe(200);
    expect((await injectAs(t, without, 'GET', '/api/v1/memories')).statusCode).toBe(403);
    await setPolicy({ requireTwoFactor: false });
    expect((await injectAs(t, without, 'GET', '/api/v1/memories')).statusCode).toBe(200);
  });
});

describe('session timeout', () => {
  it('ends a session after the configured idle time (moved clock), and says how much is left', async () => {
    await setPolicy({ sessionTimeoutMinutes: 10 });
    const s = await sessionFor(t, await insertUser(t.db));
    const first = await injectAs(t, s, 'GET', '/api/v1/account');
    expect(first.headers['x-session-idle-seconds']).toBe('600');
    t.clock.advance(9 * 60_000);
    const later = await injectAs(t, s, 'GET', '/api/v1/account', undefined, { headers: { 'x-heirloom-background': '1' } });
    expect(later.headers['x-session-idle-seconds']).toBe('60');
    expect((await injectAs(t, s, 'GET', '/api/v1/auth/session', undefined, { headers: { 'x-heirloom-background': '1' } })).json().idleRemainingSeconds).toBe(60);
    t.clock.advance(61_000);
    const ended = await injectAs(t, s, 'GET', '/api/v1/account');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('"Stay signed in" (an ordinary call) restarts the idle time', async () => {
    const s = await sessionFor(t, await insertUser(t.db));
    t.clock.advance(29 * 60_000);
    const stay = await injectAs(t, s, 'GET', '/api/v1/auth/session');
    expect(stay.json().idleRemainingSeconds).toBe(1800);
    t.clock.advance(29 * 60_000);
    expect((await injectAs(t, s, 'GET', '/api/v1/account')).statusCode).toBe(200);
  });

  it('background calls (x-heirloom-background: 1) do not keep an idle session alive', async () => {
    const user = await insertUser(t.db, { roles: ['estate-owner'] });
    const s = await sessionFor(t, user);
    const background = { headers: { 'x-heirloom-background': '1' } };
    for (let minute = 5; minute <= 25; minute += 5) {
      t.clock.advance(5 * 60_000);
      expect((await injectAs(t, s, 'GET', '/api/v1/notifications', undefined, background)).statusCode).toBe(200);
    }
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, s.sessionId));
    expect(t.clock.now().getTime() - row!.lastSeenAt.getTime()).toBe(25 * 60_000);
    t.clock.advance(5 * 60_000 + 1000);
    const res = await injectAs(t, s, 'GET', '/api/v1/notifications', undefined, background);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
  });
});

describe('lock-out', () => {
  const signIn = (b: Browser, email: string, password: string) => b.call('POST', '/api/v1/auth/sign-in', { email, password });

  it('locks after the configured number of failures within the window, for the configured time, and raises one alert', async () => {
    await setPolicy({ lockout: { maxFailures: 3, windowMinutes: 10, lockMinutes: 20 } });
    const user = await insertUser(t.db, { name: 'Lena Locke' });
    const b = browser();
    for (let i = 0; i < 3; i++) expect((await signIn(b, user.email, 'wrong password!')).statusCode).toBe(401);
    const locked = await signIn(b, user.email, user.password);
    expect(locked.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lockedUntil!.getTime() - t.clock.now().getTime()).toBe(20 * 60_000);
    expect((await emailsTo(t, user.email)).map((m) => m.subject)).toContain('Heirloom: your account was locked for 20 minutes');

    const alerts = await t.db.select().from(adminAlerts).where(eq(adminAlerts.type, 'security'));
    const mine = alerts.filter((a) => (a.details as { userId?: string }).userId === user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.message).toBe("Lena Locke's account was locked for 20 minutes after 3 failed sign-in attempts");
    expect(mine[0]!.message).not.toContain(user.email);
    expect(JSON.stringify(mine[0]!.details)).not.toContain(user.email);

    t.clock.advance(19 * 60_000);
    expect((await signIn(b, user.email, user.password)).statusCode).toBe(401);
    t.clock.advance(61_000);
    expect((await signIn(b, user.email, user.password)).statusCode).toBe(200);
  });

  it('failures spread beyond the window do not lock', async () => {
    await setPolicy({ lockout: { maxFailures: 3, windowMinutes: 10, lockMinutes: 20 } });
    const user = await insertUser(t.db);
    const b = browser();
    for (let i = 0; i < 4; i++) {
      await signIn(b, user.email, 'wrong password!');
      t.clock.advance(6 * 60_000);
    }
    expect((await signIn(b, user.email, user.password)).statusCode).toBe(200);
  });

  it('parallel wrong guesses lock exactly once (one alert)', async () => {
    await setPolicy({ lockout: { maxFailures: 3, windowMinutes: 10, lockMinutes: 20 } });
    const user = await insertUser(t.db);
    await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(new Browser(t, `10.3.0.${i}`), user.email, 'wrong password!')));
    const alerts = (await t.db.select().from(adminAlerts)).filter((a) => (a.details as { userId?: string }).userId === user.id);
    expect(alerts).toHaveLength(1);
    expect((await signIn(browser(), user.email, user.password)).statusCode).toBe(401);
  });
});
