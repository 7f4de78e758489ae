import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { notifications } from '../../db/schema/messages.ts';
import { auditLog, outboxEmails } from '../../db/schema/system.ts';
import { knownDevices, sessions, users } from '../../db/schema/users.ts';
import { totpFor } from '../../identity/second-factor.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const codeFor = (secret: string) => totpFor(secret, 'x', 'x').generate({ timestamp: t.clock.now().getTime() });
const actions = async (userId: string) => (await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, userId))).map((r) => r.action);

describe('two-factor authentication', () => {
  it('sets up with a QR code, confirms with a code, returns recovery codes once, and is then required to sign in', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    expect((await injectAs(t, s, 'GET', '/api/v1/security')).json()).toMatchObject({ twoFactorEnabled: false });

    const setup = await injectAs(t, s, 'POST', '/api/v1/security/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { otpauthUrl, qrCodeDataUrl, secret } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpPendingSecretEnc).toBeTruthy();
    expect(row?.totpPendingSecretEnc).not.toContain(secret);
    expect(row?.totpEnabledAt).toBeNull();

    const wrong = await injectAs(t, s, 'POST', '/api/v1/security/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('code');

    const ok = await injectAs(t, s, 'POST', '/api/v1/security/two-factor/confirm', { code: codeFor(secret) });
    expect(ok.statusCode).toBe(200);
    const { recoveryCodes } = ok.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [enabled] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(enabled?.totpEnabledAt).toBeInstanceOf(Date);
    expect(enabled?.recoveryCodeHashes).toHaveLength(10);
    expect(enabled?.recoveryCodeHashes[0]).toMatch(/^\$argon2id\$/);
    expect((await injectAs(t, s, 'GET', '/api/v1/security')).json()).toMatchObject({ twoFactorEnabled: true, recoveryCodesRemaining: 10 });
    expect((await injectAs(t, s, 'POST', '/api/v1/security/two-factor/setup')).statusCode).toBe(409);

    // Sign-in now asks for the code. The code that turned it on is used up; the app's next one
    // works, and so does a recovery code (once).
    const b = new Browser(t);
    const first = await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password });
    expect(first.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password, code: codeFor(secret) })).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password, code: codeFor(secret) })).statusCode).toBe(200);
    const recovery = recoveryCodes[0].toUpperCase();
    expect((await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password, code: recovery })).statusCode).toBe(200);
    const reused = await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password, code: recovery });
    expect(reused.statusCode).toBe(401);

    expect(await actions(user.id)).toEqual(expect.arrayContaining(['security.two_factor_setup_started', 'security.two_factor_confirm_failed', 'security.two_factor_enabled']));
  });

  it('turns off only with a right code (the app’s or a recovery code)', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const user = await insertUser(t.db, { totpSecretEnc: t.app.deps.secrets.encrypt(secret), totpEnabledAt: new Date() });
    const s = await sessionFor(t, user);
    const wrong = await injectAs(t, s, 'POST', '/api/v1/security/two-factor/disable', { code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toBeTruthy();
    expect((await injectAs(t, s, 'POST', '/api/v1/security/two-factor/disable', { code: 'not-a-recovery-code' })).statusCode).toBe(400);
    const ok = await injectAs(t, s, 'POST', '/api/v1/security/two-factor/disable', { code: codeFor(secret) });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpEnabledAt: null, totpSecretEnc: null, recoveryCodeHashes: [] });
    expect((await injectAs(t, s, 'POST', '/api/v1/security/two-factor/disable', { code: codeFor(secret) })).statusCode).toBe(409);
    expect(await actions(user.id)).toEqual(expect.arrayContaining(['security.two_factor_disable_failed', 'security.two_factor_disabled']));
    const sign = await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password });
    expect(sign.statusCode).toBe(200);
  });

  it('refuses to confirm before setup, and validates the body', async () => {
    const s = await sessionFor(t, await insertUser(t.db));
    expect((await injectAs(t, s, 'POST', '/api/v1/security/two-factor/confirm', { code: '123456' })).statusCode).toBe(409);
    const bad = await injectAs(t, s, 'POST', '/api/v1/security/two-factor/confirm', { code: '', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ extra: 'Unknown field' });
  });
});

describe('change password', () => {
  it('needs the current password, then ends every other session and audits', async () => {
    const user = await insertUser(t.db);
    const here = await sessionFor(t, user);
    const elsewhere = await sessionFor(t, user);
    const wrong = await injectAs(t, here, 'POST', '/api/v1/security/password', { currentPassword: 'not-it-at-all', newPassword: 'a brand new passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('currentPassword');
    expect((await injectAs(t, elsewhere, 'GET', '/api/v1/security')).statusCode).toBe(200);

    const short = await injectAs(t, here, 'POST', '/api/v1/security/password', { currentPassword: user.password, newPassword: 'short' });
    expect(short.json().error.fields).toHaveProperty('newPassword');
    const same = await injectAs(t, here, 'POST', '/api/v1/security/password', { currentPassword: user.password, newPassword: user.password });
    expect(same.json().error.fields).toHaveProperty('newPassword');

    const ok = await injectAs(t, here, 'POST', '/api/v1/security/password', { currentPassword: user.password, newPassword: 'a brand new passphrase' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, otherSessionsEnded: 1 });
    expect((await injectAs(t, elsewhere, 'GET', '/api/v1/security')).statusCode).toBe(401);
    expect((await injectAs(t, here, 'GET', '/api/v1/security')).statusCode).toBe(200);
    expect(await actions(user.id)).toEqual(expect.arrayContaining(['security.password_change_failed', 'security.password_changed']));
    expect((await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: user.email, password: 'a brand new passphrase' })).statusCode).toBe(200);
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
    expect(mails.map((m) => m.subject)).toContain('Your Heirloom password was changed');
  });
});

describe('security log, activity log, manage access', () => {
  it('splits the actor’s own audit rows into sign-ins/security events and other activity, paged', async () => {
    const user = await insertUser(t.db);
    const other = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const b = new Browser(t);
    await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: 'wrong password here' });
    await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password });
    await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: other.email, password: other.password });
    expect((await injectAs(t, s, 'PATCH', '/api/v1/account', { name: 'Renamed Person' })).statusCode).toBe(200);
    // newer than everything above, by the app's clock (which other tests move)
    for (let i = 0; i < 22; i++) await t.db.insert(auditLog).values({ action: 'memory.created', actorUserId: user.id, at: new Date(t.clock.now().getTime() + 1000 + i) });

    const log = (await injectAs(t, s, 'GET', '/api/v1/security/log')).json();
    expect(log.items.map((e: { description: string }) => e.description)).toEqual(['Signed in', 'Failed sign-in attempt']);
    expect(log.nextCursor).toBeNull();
    const activity = (await injectAs(t, s, 'GET', '/api/v1/security/activity')).json();
    expect(activity.items).toHaveLength(20);
    expect(activity.items.map((e: { description: string }) => e.description)).toContain('Memory created');
    const page2 = (await injectAs(t, s, 'GET', `/api/v1/security/activity?cursor=${encodeURIComponent(activity.nextCursor)}`)).json();
    expect(page2.items).toHaveLength(3);
    expect(page2.nextCursor).toBeNull();
    expect(page2.items.map((e: { description: string }) => e.description)).toContain('Account details updated');
  });

  it('pages both logs by keyset, newest first, every row once even when rows share a time, and only the actor’s own', async () => {
    const user = await insertUser(t.db);
    const other = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const base = t.clock.now().getTime() + 60_000;
    // 7 activity rows and 5 security rows at the same instant, 4 activity rows a millisecond older, rows of another user between.
    const same = new Date(base);
    await t.db.insert(auditLog).values([
      ...Array.from({ length: 7 }, () => ({ action: 'memory.created', actorUserId: user.id, at: same })),
      ...Array.from({ length: 5 }, () => ({ action: 'auth.sign_in', actorUserId: user.id, at: same })),
      ...Array.from({ length: 4 }, () => ({ action: 'document.uploaded', actorUserId: user.id, at: new Date(base - 1) })),
      ...Array.from({ length: 6 }, () => ({ action: 'memory.created', actorUserId: other.id, at: same })),
      ...Array.from({ length: 6 }, () => ({ action: 'auth.sign_in', actorUserId: other.id, at: same })),
    ]);
    const mine = await t.db.select({ id: auditLog.id, at: auditLog.at, action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, user.id));
    const newestFirst = (rows: typeof mine) => [...rows].sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id).map((r) => String(r.id));
    const isSecurity = (a: string) => a.startsWith('auth.') || a.startsWith('security.');

    const walk = async (path: string, limit: number) => (await walkPages<{ id: string }>(t, s, path, limit)).items.map((i) => i.id);
    for (const limit of [1, 3, 100]) {
      expect(await walk('/api/v1/security/log', limit)).toEqual(newestFirst(mine.filter((r) => isSecurity(r.action))));
      expect(await walk('/api/v1/security/activity', limit)).toEqual(newestFirst(mine.filter((r) => !isSecurity(r.action))));
    }
  });

  it('refuses a bad limit or a cursor it did not write with a 400 in words, and anonymous callers with a 401', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const badCursors = ['abc', ...[['2026-13-01T00:00:00.000Z', '5'], ['2026-06-01T00:00:00.000Z', 'x'], ['2026-06-01T00:00:00.000Z', '5', '6'], ['2026-06-01T00:00:00.000Z', '9'.repeat(19)]].map(encodeCursor)];
    for (const path of ['/api/v1/security/log', '/api/v1/security/activity']) {
      await expectPagingRefusals(t, s, path, badCursors, { also: ['page=2'] });
      expect((await injectAs(t, null, 'GET', path)).statusCode).toBe(401);
    }
    const forged = await injectAs(t, s, 'GET', `/api/v1/security/log?cursor=${encodeCursor(['2026-06-01T00:00:00.000Z', '5'])}`);
    expect(forged.statusCode).toBe(200);
  });

  it('lists the actor’s sessions (this device marked), revokes another, and shows who can see what', async () => {
    const user = await insertUser(t.db);
    const here = await sessionFor(t, user);
    const phone = await sessionFor(t, user);
    await t.db.update(sessions).set({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1', ip: '203.0.113.9' }).where(eq(sessions.id, phone.sessionId));
    const stranger = await insertUser(t.db);
    const strangers = await sessionFor(t, stranger);
    await insertBeneficiary(t.db, user.estateId!, { firstName: 'Emily', lastName: 'Ellis', accessDigitalLegacy: true });

    const access = (await injectAs(t, here, 'GET', '/api/v1/security/access')).json();
    expect(access.sessions).toHaveLength(2);
    expect(access.sessions[0]).toMatchObject({ current: true });
    const other = access.sessions.find((x: { current: boolean }) => !x.current);
    expect(other).toMatchObject({ device: 'Safari on iOS', ip: '203.0.113.9' });
    expect(other.id).toMatch(/^[0-9a-f]{16}$/);
    expect(phone.sessionId.startsWith(other.id)).toBe(true);
    expect(access.beneficiaries).toEqual([
      expect.objectContaining({
        name: 'Emily Ellis',
        access: { memories: true, documents: true, messages: true, beneficiaries: false, digitalLegacy: true },
      }),
    ]);

    // Another user's session id is not theirs to revoke; this device is refused; a bad id is 400.
    expect((await injectAs(t, strangers, 'DELETE', `/api/v1/security/sessions/${other.id}`)).statusCode).toBe(404);
    expect((await injectAs(t, here, 'DELETE', `/api/v1/security/sessions/${here.sessionId.slice(0, 16)}`)).statusCode).toBe(400);
    expect((await injectAs(t, here, 'DELETE', '/api/v1/security/sessions/zzz')).statusCode).toBe(400);
    expect((await injectAs(t, here, 'DELETE', `/api/v1/security/sessions/${other.id}`)).statusCode).toBe(200);
    expect((await injectAs(t, phone, 'GET', '/api/v1/security')).statusCode).toBe(401);
    expect(await actions(user.id)).toContain('security.session_revoked');
  });
});

describe('login alerts', () => {
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
  const signInFrom = (email: string, password: string, ua: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'user-agent': ua, cookie: 'heirloom_csrf=tok', 'x-csrf-token': 'tok' },
      payload: { email, password },
    });

  it('emails and notifies on a sign-in from a new device, once; never for the first device', async () => {
    const user = await insertUser(t.db);
    expect((await signInFrom(user.email, user.password, chrome)).statusCode).toBe(200);
    expect((await signInFrom(user.email, user.password, chrome)).statusCode).toBe(200);
    const alerts = () => t.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, user.email), eq(outboxEmails.kind, 'login-alert')));
    expect(await alerts()).toHaveLength(0);
    expect((await signInFrom(user.email, user.password, firefox)).statusCode).toBe(200);
    const sent = await alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Firefox on Linux');
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes).toEqual([expect.objectContaining({ type: 'security' })]);
    await signInFrom(user.email, user.password, firefox);
    expect(await alerts()).toHaveLength(1);
    expect(await t.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id))).toHaveLength(2);
  });

  it('stays quiet when the user turned login alerts off (the device is still remembered)', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    expect((await injectAs(t, s, 'PATCH', '/api/v1/settings', { loginAlerts: false })).json()).toMatchObject({ loginAlerts: false });
    await signInFrom(user.email, user.password, chrome);
    await signInFrom(user.email, user.password, firefox);
    const mails = await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, user.email), eq(outboxEmails.kind, 'login-alert')));
    expect(mails).toHaveLength(0);
    expect(await actions(user.id)).toContain('auth.new_device');
  });
});
