import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Browser, emailsTo, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { emailedLinks } from '../../db/schema/admin.ts';
import { auditLog } from '../../db/schema/system.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { sha256 } from '../../lib/tokens.ts';
import { remindUnverifiedAccounts } from './remind-unverified.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

let ip = 0;
/** A browser from its own address, so the per-address rate limits of one test do not touch another. */
const browser = () => new Browser(t, `10.1.0.${++ip}`);
const forgot = (email: string, b = browser()) => b.call('POST', '/api/v1/auth/password/forgot', { email });
const reset = (token: string, password: string, b = browser()) => b.call('POST', '/api/v1/auth/password/reset', { token, password });
const confirm = (token: string, b = browser()) => b.call('POST', '/api/v1/auth/email/confirm', { token });

/** The token of the newest link of this path mailed to an address. */
async function linkTo(email: string, path: '/reset-password' | '/verify-email'): Promise<string> {
  for (const mail of await emailsTo(t, email)) {
    const token = new RegExp(`${path}#([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no ${path} link was mailed to ${email}`);
}
const actions = async (userId: string) =>
  (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, userId))).map((r) => r.action);

describe('forgot password', () => {
  it('answers the same for a known, an unknown and a suspended address; only the active account gets a link', async () => {
    const user = await insertUser(t.db);
    const suspended = await insertUser(t.db, { status: 'suspended' });
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody.here@example.com');
    const refused = await forgot(suspended.email);
    for (const res of [known, unknown, refused]) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('{"status":"check-email"}');
    }
    expect((await emailsTo(t, user.email)).map((m) => m.kind)).toEqual(['password-reset']);
    expect(await emailsTo(t, 'nobody.here@example.com')).toEqual([]);
    expect(await emailsTo(t, suspended.email)).toEqual([]);
    const [mail] = await emailsTo(t, user.email);
    expect(mail!.text).toContain('within 60 minutes');
    // Only the hash is stored.
    const token = await linkTo(user.email, '/reset-password');
    const rows = await t.db.select().from(emailedLinks).where(eq(emailedLinks.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    const user = await insertUser(t.db);
    const time = async (email: string) => {
      const started = performance.now();
      await forgot(email);
      return performance.now() - started;
    };
    const knownMs = await time(user.email);
    const unknownMs = await time('nobody.timing@example.com');
    expect(unknownMs).toBeGreaterThanOrEqual(240);
    expect(knownMs).toBeGreaterThanOrEqual(240);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(150);
  });

  it('refuses a malformed address with a 400 and a message', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('Enter an email address, like name@example.com');
  });

  it('sends at most 3 links an hour to one account, with the same answer', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(202);
    expect(await emailsTo(t, user.email)).toHaveLength(3);
    t.clock.advance(61 * 60_000);
    await forgot(user.email);
    expect(await emailsTo(t, user.email)).toHaveLength(4);
  });

  it('rate-limits the endpoint per client address', async () => {
    const b = browser();
    const answers: number[] = [];
    for (let i = 0; i < 22; i++) answers.push((await forgot(`someone${i}@example.com`, b)).statusCode);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, clears a lock-out, is audited, and tells the user', async () => {
    const user = await insertUser(t.db, { lockedUntil: new Date(t.clock.now().getTime() + 10 * 60_000), failedSignIns: 2 });
    const s1 = await sessionFor(t, user);
    const s2 = await sessionFor(t, user);
    await forgot(user.email);
    const token = await linkTo(user.email, '/reset-password');
    const res = await reset(token, 'a brand new passphrase');
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    for (const s of [s1, s2]) expect((await injectAs(t, s, 'GET', '/api/v1/account')).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ lockedUntil: null, failedSignIns: 0 });
    expect(await actions(user.id)).toContain('auth.password_reset');
    const [told] = await emailsTo(t, user.email);
    expect(told!.subject).toBe('Heirloom: your password was changed');
    expect(told!.text).toContain('Every signed-in session (2) was signed out.');

    const b = browser();
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: 'a brand new passphrase' })).statusCode).toBe(200);
  });

  it('works once: a reused link is a 404 and changes nothing', async () => {
    const user = await insertUser(t.db);
    await forgot(user.email);
    const token = await linkTo(user.email, '/reset-password');
    expect((await reset(token, 'first new passphrase')).statusCode).toBe(200);
    const again = await reset(token, 'second new passphrase');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toContain('not valid, has expired or was already used');
    const b = browser();
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: 'first new passphrase' })).statusCode).toBe(200);
  });

  it('of two parallel uses of one link exactly one succeeds', async () => {
    const user = await insertUser(t.db);
    await forgot(user.email);
    const token = await linkTo(user.email, '/reset-password');
    const answers = await Promise.all([reset(token, 'parallel passphrase one'), reset(token, 'parallel passphrase two'), reset(token, 'parallel passphrase three')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    const resets = (await actions(user.id)).filter((a) => a === 'auth.password_reset');
    expect(resets).toHaveLength(1);
  });

  it('expires after an hour', async () => {
    const user = await insertUser(t.db);
    await forgot(user.email);
    const token = await linkTo(user.email, '/reset-password');
    t.clock.advance(61 * 60_000);
    expect((await reset(token, 'too late passphrase')).statusCode).toBe(404);
  });

  it('a newer request supersedes the older link', async () => {
    const user = await insertUser(t.db);
    await forgot(user.email);
    const first = await linkTo(user.email, '/reset-password');
    await forgot(user.email);
    const second = await linkTo(user.email, '/reset-password');
    expect(second).not.toBe(first);
    expect((await reset(first, 'old link passphrase')).statusCode).toBe(404);
    expect((await reset(second, 'new link passphrase')).statusCode).toBe(200);
  });

  it('refuses a link of another purpose, an unknown token, and a weak password (400, the link stays usable)', async () => {
    const user = await insertUser(t.db, { emailVerifiedAt: null });
    const s = await sessionFor(t, user);
    expect((await injectAs(t, s, 'POST', '/api/v1/account/email/verification')).statusCode).toBe(200);
    const verifyToken = await linkTo(user.email, '/verify-email');
    expect((await reset(verifyToken, 'purpose swap passphrase')).statusCode).toBe(404);
    expect((await reset('made-up-token', 'made up passphrase')).statusCode).toBe(404);

    await forgot(user.email);
    const token = await linkTo(user.email, '/reset-password');
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBe('Use at least 10 characters');
    // A reset link does not verify an email link's purpose either.
    expect((await confirm(token)).statusCode).toBe(404);
    expect((await reset(token, 'long enough passphrase')).statusCode).toBe(200);
    // …and the verification link still works for its own purpose.
    expect((await confirm(verifyToken)).statusCode).toBe(200);
  });

  it('gives a suspended account nothing: its link (issued before) opens nothing', async () => {
    const user = await insertUser(t.db);
    await forgot(user.email);
    const token = await linkTo(user.email, '/reset-password');
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await reset(token, 'suspended passphrase')).statusCode).toBe(404);
    const [row] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const b = browser();
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect(row!.passwordHash).toBeTruthy();
  });
});

describe('email change', () => {
  it('needs the current password; changes only when the link to the new address is followed; the old address is told', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const wrong = await injectAs(t, s, 'POST', '/api/v1/account/email', { newEmail: 'moved@example.com', currentPassword: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBeTruthy();
    expect(await emailsTo(t, 'moved@example.com')).toEqual([]);

    const res = await injectAs(t, s, 'POST', '/api/v1/account/email', { newEmail: 'Moved@Example.com', currentPassword: user.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'check-email', newEmail: 'moved@example.com' });
    let account = (await injectAs(t, s, 'GET', '/api/v1/account')).json();
    expect(account).toMatchObject({ email: user.email, pendingEmail: 'moved@example.com' });
    const [requested] = await emailsTo(t, user.email);
    expect(requested!.kind).toBe('email-change-requested');
    expect(requested!.text).toContain('to:   moved@example.com');

    const token = await linkTo('moved@example.com', '/verify-email');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'moved@example.com', changed: true });
    account = (await injectAs(t, s, 'GET', '/api/v1/account')).json();
    expect(account).toMatchObject({ email: 'moved@example.com', emailVerified: true, pendingEmail: null });
    const [told] = await emailsTo(t, user.email);
    expect(told!.kind).toBe('email-changed');
    expect(told!.text).toContain(`from: ${user.email}`);
    expect(told!.text).toContain('to:   moved@example.com');
    expect((await confirm(token)).statusCode).toBe(404);
    const b = browser();
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: 'moved@example.com', password: user.password })).statusCode).toBe(200);
  });

  it('an address with an account gets a notice, not a link, and the answer is the same', async () => {
    const user = await insertUser(t.db);
    const other = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const res = await injectAs(t, s, 'POST', '/api/v1/account/email', { newEmail: other.email, currentPassword: user.password });
    expect(res.statusCode).toBe(202);
    expect((await emailsTo(t, other.email)).map((m) => m.kind)).toEqual(['email-change-taken']);
    expect((await emailsTo(t, other.email))[0]!.text).not.toMatch(/verify-email#/);
  });

  it('refuses (409, nothing changed) when the new address got an account before the link was followed', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    await injectAs(t, s, 'POST', '/api/v1/account/email', { newEmail: 'raced@example.com', currentPassword: user.password });
    const token = await linkTo('raced@example.com', '/verify-email');
    await insertUser(t.db, { email: 'raced@example.com' });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('of two accounts racing for one new address, exactly one gets it', async () => {
    const a = await insertUser(t.db);
    const b = await insertUser(t.db);
    for (const u of [a, b]) await injectAs(t, await sessionFor(t, u), 'POST', '/api/v1/account/email', { newEmail: 'contested@example.com', currentPassword: u.password });
    const tokens = (await emailsTo(t, 'contested@example.com')).map((m) => /verify-email#([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
    expect(tokens).toHaveLength(2);
    const answers = await Promise.all(tokens.map((token) => confirm(token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, 'contested@example.com'))).toHaveLength(1);
  });

  it('refuses the same address, a bad address, and anonymous callers', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    const same = await injectAs(t, s, 'POST', '/api/v1/account/email', { newEmail: user.email, currentPassword: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.newEmail).toBeTruthy();
    expect((await injectAs(t, s, 'POST', '/api/v1/account/email', { newEmail: 'nope', currentPassword: user.password })).statusCode).toBe(400);
    expect((await injectAs(t, null, 'POST', '/api/v1/account/email', { newEmail: 'a@example.com', currentPassword: 'x' })).statusCode).toBe(401);
  });
});

describe('email verification', () => {
  it('an unverified account asks for a link; following it verifies the address; verified accounts are told so', async () => {
    const user = await insertUser(t.db, { emailVerifiedAt: null });
    const s = await sessionFor(t, user);
    expect((await injectAs(t, s, 'GET', '/api/v1/account')).json().emailVerified).toBe(false);
    const sent = await injectAs(t, s, 'POST', '/api/v1/account/email/verification');
    expect(sent.json()).toEqual({ status: 'sent' });
    const token = await linkTo(user.email, '/verify-email');
    expect((await confirm(token)).json()).toEqual({ email: user.email, changed: false });
    expect((await injectAs(t, s, 'GET', '/api/v1/account')).json().emailVerified).toBe(true);
    expect((await injectAs(t, s, 'POST', '/api/v1/account/email/verification')).json()).toEqual({ status: 'already-verified' });
    expect(await actions(user.id)).toContain('account.email_verified');
  });

  it('a verification link of an address the account no longer has opens nothing', async () => {
    const user = await insertUser(t.db, { emailVerifiedAt: null });
    const s = await sessionFor(t, user);
    await injectAs(t, s, 'POST', '/api/v1/account/email/verification');
    const token = await linkTo(user.email, '/verify-email');
    await t.db.update(users).set({ email: 'elsewhere@example.com' }).where(eq(users.id, user.id));
    expect((await confirm(token)).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('sends at most 3 verification emails an hour (429 with a message)', async () => {
    const user = await insertUser(t.db, { emailVerifiedAt: null });
    const s = await sessionFor(t, user);
    for (let i = 0; i < 3; i++) expect((await injectAs(t, s, 'POST', '/api/v1/account/email/verification')).statusCode).toBe(200);
    const fourth = await injectAs(t, s, 'POST', '/api/v1/account/email/verification');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toContain('3 verification emails');
  });

  it('reminds unverified accounts after 3 days, once per week, even when the job runs twice at once', async () => {
    const now = t.clock.now().getTime();
    const old = await insertUser(t.db, { emailVerifiedAt: null, createdAt: new Date(now - 4 * 86_400_000) });
    const young = await insertUser(t.db, { emailVerifiedAt: null, createdAt: new Date(now - 1 * 86_400_000) });
    const verified = await insertUser(t.db, { emailVerifiedAt: new Date(now - 4 * 86_400_000), createdAt: new Date(now - 4 * 86_400_000) });
    const suspended = await insertUser(t.db, { emailVerifiedAt: null, status: 'suspended', createdAt: new Date(now - 4 * 86_400_000) });
    const ctx = { ...t.app.deps, actor: null, meta: { ip: '127.0.0.1', userAgent: 'test' } };
    await Promise.all([remindUnverifiedAccounts(ctx), remindUnverifiedAccounts(ctx)]);
    const reminders = async (email: string) => (await emailsTo(t, email)).filter((m) => m.kind === 'email-verify-reminder');
    expect(await reminders(old.email)).toHaveLength(1);
    for (const u of [young, verified, suspended]) expect(await reminders(u.email)).toHaveLength(0);
    t.clock.advance(3 * 86_400_000);
    await t.app.deps.jobs.runDue();
    expect(await reminders(old.email)).toHaveLength(1);
    expect(await reminders(young.email)).toHaveLength(1);
    t.clock.advance(4 * 86_400_000 + 60_000);
    await t.app.deps.jobs.runDue();
    expect(await reminders(old.email)).toHaveLength(2);
    // The reminder's link verifies the address.
    const token = await linkTo(old.email, '/verify-email');
    expect((await confirm(token)).statusCode).toBe(200);
    t.clock.advance(8 * 86_400_000);
    await t.app.deps.jobs.runDue();
    expect(await reminders(old.email)).toHaveLength(2);
    const [tokenRow] = await t.db
      .select()
      .from(emailedLinks)
      .where(and(eq(emailedLinks.userId, old.id), eq(emailedLinks.purpose, 'email-verify')));
    expect(tokenRow).toBeTruthy();
  });
});
