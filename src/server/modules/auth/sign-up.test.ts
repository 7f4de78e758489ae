import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_TASKS } from '../../../core/onboarding.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, emailsTo, type TestApp } from '../../../../test/helpers.ts';
import { estates, invitations } from '../../db/schema/estates.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { users } from '../../db/schema/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

let n = 0;
/** Each test signs up from its own address, so the per-address limits of one test do not touch another. */
const browser = () => new Browser(t, `10.1.0.${++n}`);
const fresh = () => `new-${Date.now()}-${++n}@example.com`;
const linkToken = (text: string) => /\/sign-up\/confirm#([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('sign up', () => {
  it('emails a link that creates a signed-in estate owner with an empty estate and the onboarding checklist', async () => {
    const b = browser();
    const email = fresh();
    const res = await b.call('POST', '/api/v1/auth/sign-up', { name: 'Ada Byron', email: ` ${email.toUpperCase()} `, password: 'a-long-password' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'check-email', email });
    // nothing exists and nobody is signed in until the link is followed
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await b.call('GET', '/api/v1/auth/session')).json().user).toBeNull();

    const [mail] = await emailsTo(t, email);
    expect(mail?.kind).toBe('sign-up-confirm');
    const token = linkToken(mail!.text);
    expect(token).toBeTruthy();
    const confirmed = await b.call('POST', '/api/v1/auth/sign-up/confirm', { token, password: 'a-long-password' });
    expect(confirmed.statusCode).toBe(201);
    const { user } = confirmed.json();
    expect(user).toMatchObject({ name: 'Ada Byron', email, roles: ['estate-owner'], initials: 'AB' });
    const [estate] = await t.db.select().from(estates).where(eq(estates.ownerId, user.id));
    expect(estate?.status).toBe('planning');
    const checklist = await t.db.select().from(tasks).where(eq(tasks.estateId, estate!.id));
    expect(checklist.map((x) => x.title).sort()).toEqual(ONBOARDING_TASKS.map((x) => x.title).sort());
    expect((await b.call('GET', '/api/v1/auth/session')).json().user.id).toBe(user.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    // the used pending sign-up keeps no copy of the hash, and the link works once
    const [pending] = await t.db.select().from(invitations).where(eq(invitations.email, email));
    expect(pending?.data).toEqual({});
    const again = await browser().call('POST', '/api/v1/auth/sign-up/confirm', { token, password: 'a-long-password' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toMatch(/not valid, has expired or was already used/);
  });

  it('answers a taken address exactly as a new one, and emails its owner instead of creating anything', async () => {
    const existing = await insertUser(t.db);
    const body = (email: string) => ({ name: 'Someone Else', email, password: 'a-long-password' });
    const taken = await browser().call('POST', '/api/v1/auth/sign-up', body(existing.email));
    const free = await browser().call('POST', '/api/v1/auth/sign-up', body(fresh()));
    expect(taken.statusCode).toBe(free.statusCode);
    expect(Object.keys(taken.json())).toEqual(Object.keys(free.json()));
    expect(taken.json()).toEqual({ status: 'check-email', email: existing.email });
    const [mail] = await emailsTo(t, existing.email);
    expect(mail).toMatchObject({ kind: 'sign-up-existing' });
    expect(mail!.text).toMatch(/already has an account/);
    expect(linkToken(mail!.text)).toBeUndefined();
    expect(await t.db.select().from(invitations).where(eq(invitations.email, existing.email))).toHaveLength(0);
  });

  it('sends at most 3 sign-up emails an hour to one address, with the same answer after that', async () => {
    const email = fresh();
    for (let i = 0; i < 5; i++) {
      const res = await browser().call('POST', '/api/v1/auth/sign-up', { name: 'Flood Target', email, password: 'a-long-password' });
      expect(res.statusCode).toBe(202);
    }
    expect(await emailsTo(t, email)).toHaveLength(3);
    t.clock.advance(61 * 60_000);
    await browser().call('POST', '/api/v1/auth/sign-up', { name: 'Flood Target', email, password: 'a-long-password' });
    expect(await emailsTo(t, email)).toHaveLength(4);
  });

  it('creates one account when the same link is followed in parallel, and refuses an expired link', async () => {
    const email = fresh();
    await browser().call('POST', '/api/v1/auth/sign-up', { name: 'Par Allel', email, password: 'a-long-password' });
    const token = linkToken((await emailsTo(t, email))[0]!.text);
    const results = await Promise.all([1, 2, 3].map(() => browser().call('POST', '/api/v1/auth/sign-up/confirm', { token, password: 'a-long-password' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 404, 404]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    const late = fresh();
    await browser().call('POST', '/api/v1/auth/sign-up', { name: 'Too Late', email: late, password: 'a-long-password' });
    const lateToken = linkToken((await emailsTo(t, late))[0]!.text);
    t.clock.advance(25 * 60 * 60_000);
    expect((await browser().call('POST', '/api/v1/auth/sign-up/confirm', { token: lateToken, password: 'a-long-password' })).statusCode).toBe(404);
  });

  it('asks for the password chosen at sign-up: a stranger who started a sign-up with your address cannot have it completed by your click', async () => {
    const email = fresh();
    await browser().call('POST', '/api/v1/auth/sign-up', { name: 'Mallory Stranger', email, password: 'the-attackers-password' });
    const token = linkToken((await emailsTo(t, email))[0]!.text);
    const wrong = await browser().call('POST', '/api/v1/auth/sign-up/confirm', { token, password: 'what-the-owner-guesses' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: expect.any(String) });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('keeps only the newest sign-up link of an address alive', async () => {
    const email = fresh();
    await browser().call('POST', '/api/v1/auth/sign-up', { name: 'First Try', email, password: 'first-password-1' });
    const older = linkToken((await emailsTo(t, email))[0]!.text);
    await browser().call('POST', '/api/v1/auth/sign-up', { name: 'Second Try', email, password: 'second-password-2' });
    const newer = linkToken((await emailsTo(t, email))[0]!.text);
    expect(newer).not.toBe(older);
    expect((await browser().call('POST', '/api/v1/auth/sign-up/confirm', { token: older, password: 'first-password-1' })).statusCode).toBe(404);
    const ok = await browser().call('POST', '/api/v1/auth/sign-up/confirm', { token: newer, password: 'second-password-2' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user.name).toBe('Second Try');
  });

  it('explains bad fields: an invalid email, a short password, an unknown field, a NUL byte in the name', async () => {
    const res = await browser().call('POST', '/api/v1/auth/sign-up', { name: '', email: 'not-an-email', password: 'short', admin: true });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(['email', 'password', 'name', 'admin']));
    const nul = await browser().call('POST', '/api/v1/auth/sign-up', { name: 'Ada\u0000Byron', email: fresh(), password: 'a-long-password' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toEqual({ name: expect.stringMatching(/cannot be stored/) });
  });
});
