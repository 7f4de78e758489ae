import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT } from '../../../core/constants.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { totpFor } from '../../identity/second-factor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-09-01T10:00:00Z'));
});
afterAll(async () => t.close());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codeNow = () => totpFor(SECRET, 'x', 'x').generate({ timestamp: t.clock.now().getTime() });
const confirm = (s: TestSession, body: unknown) => injectAs(t, s, 'POST', '/api/v1/session/confirm', body);
const status = async (s: TestSession) => (await injectAs(t, s, 'GET', '/api/v1/session/confirm')).json();
const auditActions = async (userId: string, action: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, action)));

async function ownerWithSecret(options: Parameters<typeof insertUser>[1] = {}) {
  const owner = await insertUser(t.db, options);
  const s = await sessionFor(t, owner);
  const asset = await insertDigitalAsset(t.app.deps, owner.estateId!, { name: 'Bank', secrets: { password: 'hunter2-bank', recoveryCodes: '', accessInstructions: '' } });
  const reveal = (session = s) => injectAs(t, session, 'POST', `/api/v1/digital-assets/${asset.id}/reveal`);
  return { owner, s, asset, reveal };
}

describe("Confirm it's you", () => {
  it('a reveal without a recent confirmation is refused with CONFIRMATION_REQUIRED and shows nothing', async () => {
    const { owner, s, reveal } = await ownerWithSecret();
    expect(await status(s)).toEqual({ twoFactorEnabled: false, confirmedUntil: null, demoPasswordHint: null });
    const refused = await reveal();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('CONFIRMATION_REQUIRED');
    expect(refused.body).not.toContain('hunter2');
    expect(await auditActions(owner.id, 'digital_asset.secret_revealed')).toEqual([]);
  });

  it('the password confirms the session for 5 minutes, then the reveal asks again', async () => {
    const { owner, s, reveal } = await ownerWithSecret();
    const ok = await confirm(s, { password: owner.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().confirmedUntil).toBe('2026-09-01T10:05:00.000Z');
    expect((await reveal()).json()).toMatchObject({ password: 'hunter2-bank' });
    expect((await auditActions(owner.id, 'security.identity_confirmed'))[0]!.details).toEqual({ method: 'password', strength: 'recent' });

    t.clock.set(new Date('2026-09-01T10:04:59Z'));
    expect((await reveal()).statusCode).toBe(200);
    t.clock.set(new Date('2026-09-01T10:05:01Z'));
    expect((await reveal()).json().error.code).toBe('CONFIRMATION_REQUIRED');
    expect((await status(s)).confirmedUntil).toBeNull();
    t.clock.set(new Date('2026-09-01T10:00:00Z'));
  });

  it('is kept per session: confirming on one device does not unlock another', async () => {
    const { owner, s, reveal } = await ownerWithSecret();
    const laptop = await sessionFor(t, owner);
    await confirm(s, { password: owner.password });
    expect((await reveal(s)).statusCode).toBe(200);
    expect((await reveal(laptop)).statusCode).toBe(403);
  });

  it('a wrong password is a clear 400, audited and counted towards the lock-out; the reveal stays closed', async () => {
    const { owner, s, reveal } = await ownerWithSecret();
    const wrong = await confirm(s, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ message: 'That password is not right.', fields: { password: 'That password is not right' } });
    expect(wrong.body).not.toContain('not-my-password');
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.failedSignIns).toBe(1);
    expect(await auditActions(owner.id, 'security.identity_confirm_failed')).toHaveLength(1);
    expect((await reveal()).statusCode).toBe(403);
    expect((await status(s)).confirmedUntil).toBeNull();
  });

  it(`locks the account after ${LOCKOUT.maxFailures} wrong passwords: the right one is then refused too, here and at sign-in`, async () => {
    const { owner, s, reveal } = await ownerWithSecret();
    const answers = await Promise.all(Array.from({ length: LOCKOUT.maxFailures }, () => confirm(s, { password: 'guess-guess' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(LOCKOUT.maxFailures).fill(400));
    const locked = await confirm(s, { password: owner.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(locked.json().error.message).toMatch(/locked for 15 more minutes/);
    expect((await reveal()).statusCode).toBe(403);
    const signIn = await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password });
    expect(signIn.statusCode).toBe(401);
    expect(await auditActions(owner.id, 'auth.account_locked')).toHaveLength(1);
  });

  it('with two-factor on it asks for a code: the password alone is not enough, a code works once', async () => {
    const { owner, s, reveal } = await ownerWithSecret({ totpSecretEnc: t.app.deps.secrets.encrypt(SECRET), totpEnabledAt: new Date() });
    expect((await status(s)).twoFactorEnabled).toBe(true);
    const passwordOnly = await confirm(s, { password: owner.password });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().error.fields).toHaveProperty('code');
    expect((await confirm(s, { code: '000000' })).statusCode).toBe(400);

    const code = codeNow();
    expect((await confirm(s, { code })).statusCode).toBe(200);
    expect((await reveal()).statusCode).toBe(200);
    // the same code again (another session trying to ride on it) is refused
    const other = await sessionFor(t, owner);
    expect((await confirm(other, { code })).statusCode).toBe(400);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { s } = await ownerWithSecret();
    const empty = await confirm(s, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ password: 'Enter your password' });
    expect((await confirm(s, { password: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await confirm(s, { password: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await status(s)).confirmedUntil).toBeNull();
  });

  it('needs a signed-in user, and checks the CSRF token', async () => {
    expect((await injectAs(t, null, 'GET', '/api/v1/session/confirm')).statusCode).toBe(401);
    const { owner, s } = await ownerWithSecret();
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/v1/session/confirm', headers: { cookie: s.cookie }, payload: { password: owner.password } });
    expect(noCsrf.statusCode).toBe(403);
    expect((await status(s)).confirmedUntil).toBeNull();
  });

  it('gives the demo accounts their shared password as a hint, in demo mode only', async () => {
    const demo = await insertUser(t.db, { isDemo: true });
    expect((await status(await sessionFor(t, demo))).demoPasswordHint).toEqual(expect.any(String));
  });

  it("another estate's asset stays 404, confirmed or not", async () => {
    const mine = await ownerWithSecret();
    const theirs = await ownerWithSecret();
    const url = `/api/v1/digital-assets/${theirs.asset.id}/reveal`;
    expect((await injectAs(t, mine.s, 'POST', url)).statusCode).toBe(404);
    await confirm(mine.s, { password: mine.owner.password });
    const res = await injectAs(t, mine.s, 'POST', url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('hunter2');
  });
});
