import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_LIMITS } from '../../../../test/send-limits.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { beneficiaries, invitations, supportTeamMembers } from '../../db/schema/estates.ts';
import { emailedLinks } from '../../db/schema/admin.ts';
import { sha256 } from '../../lib/tokens.ts';
import { notifications } from '../../db/schema/messages.ts';
import { outboxEmails } from '../../db/schema/system.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { insertAppointment } from '../../../../test/factories/appointments.ts';
import { insertInvitation } from '../../../../test/factories/invitations.ts';
import { insertOwner, insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';

let t: TestApp;
let owner: InsertedUser;
let ownerS: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await insertOwner(t.db, { name: 'Margaret Ellis' });
  ownerS = await sessionFor(t, owner);
});
afterAll(async () => t.close());

const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2)}@example.com`;

/** Add a beneficiary through the API and return the token from the emailed link. */
async function inviteBeneficiary(email = unique('grace')) {
  const res = await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', {
    firstName: 'Grace',
    lastName: 'Ellis',
    relationship: 'Other Family',
    email,
    phone: '+1 (555) 442-6610',
  });
  expect(res.statusCode).toBe(201);
  return { beneficiary: res.json() as { id: string }, email, token: await tokenSentTo(email) };
}

async function tokenSentTo(email: string): Promise<string> {
  const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
  const last = mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
  const token = /\/invitations#([A-Za-z0-9_-]+)/.exec(last?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

describe('POST /api/v1/invitations/open', () => {
  it('says who invited you to what, publicly', async () => {
    const { token, email } = await inviteBeneficiary();
    const res = await new Browser(t).call('POST', '/api/v1/invitations/open', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'beneficiary',
      email,
      role: 'beneficiary',
      roleLabel: 'Beneficiary',
      inviterName: 'Margaret Ellis',
      suggestedName: 'Grace Ellis',
      accountExists: false,
      summary: expect.stringContaining('Margaret Ellis has added you as a beneficiary (Other Family)'),
    });
  });

  it('answers 404 for an unknown token, 400 for a malformed or missing one, and has no path that takes a token', async () => {
    const open = (body: object) => new Browser(t).call('POST', '/api/v1/invitations/open', body);
    expect((await open({ token: 'abcdefghijklmnopqrstuvwxyz012345' })).statusCode).toBe(404);
    const short = await open({ token: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ token: 'The link is incomplete' });
    expect((await open({})).statusCode).toBe(400);
    expect((await open({ token: 'abcdefghijklmnopqrstuvwxyz012345', role: 'admin' })).statusCode).toBe(400);
    expect((await new Browser(t).call('GET', '/api/v1/invitations/abcdefghijklmnopqrstuvwxyz012345')).statusCode).toBe(404);
  });

  it('answers 410 once it expired (14 days) and when a newer invitation replaced it', async () => {
    const { token, beneficiary } = await inviteBeneficiary();
    await injectAs(t, ownerS, 'POST', `/api/v1/beneficiaries/${beneficiary.id}/invitation`);
    const replaced = await new Browser(t).call('POST', '/api/v1/invitations/open', { token });
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().error.code).toBe('INVITATION_EXPIRED');

    const second = await inviteBeneficiary();
    t.clock.advance(14 * 24 * 3600_000 + 1000);
    try {
      expect((await new Browser(t).call('POST', '/api/v1/invitations/open', { token: second.token })).statusCode).toBe(410);
      const accept = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token: second.token, name: 'Grace Ellis', password: 'a-long-password' });
      expect(accept.statusCode).toBe(410);
    } finally {
      t.clock.advance(-(14 * 24 * 3600_000 + 1000));
    }
  });
});

describe('POST /api/v1/invitations/accept', () => {
  it('does not tell an owner who turned beneficiary activity off', async () => {
    await injectAs(t, ownerS, 'PATCH', '/api/v1/settings', { beneficiaryActivity: false });
    try {
      const { token } = await inviteBeneficiary();
      const before = (await t.db.select().from(notifications).where(eq(notifications.userId, owner.id))).length;
      const res = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token, name: 'Quiet Quinn', password: 'a-long-password' });
      expect(res.statusCode).toBe(200);
      expect((await t.db.select().from(notifications).where(eq(notifications.userId, owner.id))).length).toBe(before);
    } finally {
      await injectAs(t, ownerS, 'PATCH', '/api/v1/settings', { beneficiaryActivity: true });
    }
  });

  it('signed out: creates the account with the invited email, signs it in, grants the role and links the beneficiary', async () => {
    const { token, email, beneficiary } = await inviteBeneficiary();
    const browser = new Browser(t);
    const res = await browser.call('POST', '/api/v1/invitations/accept', { token, name: 'Grace Ellis', password: 'a-long-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email, name: 'Grace Ellis', roles: ['beneficiary'] }, redirectTo: '/beneficiary' });
    const session = await browser.call('GET', '/api/v1/auth/session');
    expect(session.json().user.email).toBe(email);

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerifiedAt).toBeTruthy();
    const [row] = await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, beneficiary.id));
    expect(row).toMatchObject({ userId: user!.id });
    expect(row?.acceptedAt).toBeTruthy();
    // its emailed link is used up with it
    const [link] = await t.db.select().from(emailedLinks).where(eq(emailedLinks.tokenHash, sha256(token)));
    expect(link?.usedAt).toBeTruthy();
    // the owner hears about it
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes.some((n) => n.message.includes('Grace Ellis accepted your invitation'))).toBe(true);

    // single use
    const again = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token, name: 'Mallory', password: 'a-long-password' });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('INVITATION_USED');
  });

  it('signed out: asks for a name and a valid password, and refuses unknown fields', async () => {
    const { token } = await inviteBeneficiary();
    const missing = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(['name', 'password']);
    const short = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token, name: 'Grace', password: 'short' });
    expect(short.statusCode).toBe(400);
    const extra = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token, name: 'Grace', password: 'a-long-password', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    // still usable after refusals
    expect((await new Browser(t).call('POST', '/api/v1/invitations/open', { token })).statusCode).toBe(200);
  });

  it('signed out with an email that already has an account: 409, sign in to accept', async () => {
    const existing = await insertUser(t.db, { roles: ['estate-owner'] });
    const { token } = await inviteBeneficiary(existing.email);
    expect((await new Browser(t).call('POST', '/api/v1/invitations/open', { token })).json().accountExists).toBe(true);
    const res = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token, name: 'X', password: 'a-long-password' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ACCOUNT_EXISTS');
  });

  it('signed in with the invited email: links the existing account and adds the role', async () => {
    const existing = await insertUser(t.db, { roles: ['estate-owner'] });
    const { token, beneficiary } = await inviteBeneficiary(existing.email);
    const res = await injectAs(t, await sessionFor(t, existing), 'POST', '/api/v1/invitations/accept', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.roles).toEqual(['beneficiary', 'estate-owner']);
    const [row] = await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, beneficiary.id));
    expect(row?.userId).toBe(existing.id);
  });

  it('signed in as someone else: 403, and the invitation stays open', async () => {
    const { token } = await inviteBeneficiary();
    const stranger = await insertUser(t.db, { roles: ['beneficiary'] });
    const res = await injectAs(t, await sessionFor(t, stranger), 'POST', '/api/v1/invitations/accept', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_MISMATCH');
    expect((await new Browser(t).call('POST', '/api/v1/invitations/open', { token })).statusCode).toBe(200);
  });

  it('a removed beneficiary’s invitation no longer works', async () => {
    const { token, beneficiary } = await inviteBeneficiary();
    await injectAs(t, ownerS, 'DELETE', `/api/v1/beneficiaries/${beneficiary.id}`);
    expect((await new Browser(t).call('POST', '/api/v1/invitations/open', { token })).statusCode).toBe(410);
  });

  it('support team: grants the planner role, links the member, and hands them appointments asked for meanwhile', async () => {
    const email = unique('david');
    const member = (
      await injectAs(t, ownerS, 'POST', '/api/v1/support-team', { role: 'legacy-planner', name: 'David Chen', email, phone: '' })
    ).json();
    const appt = await insertAppointment(t.db, {
      requestedBy: owner.id,
      estateId: owner.estateId,
      supportMemberId: member.id,
      attendeeName: 'David Chen',
    });
    const token = await tokenSentTo(email);
    const info = (await new Browser(t).call('POST', '/api/v1/invitations/open', { token })).json();
    expect(info).toMatchObject({ kind: 'support-team', role: 'legacy-planner', roleLabel: 'Legacy Planner' });
    const res = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token, name: 'David Chen', password: 'a-long-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().redirectTo).toBe('/legacy-planner');
    const userId = res.json().user.id;
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role)).toEqual(['legacy-planner']);
    const [row] = await t.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.id, member.id));
    expect(row?.userId).toBe(userId);
    const [a] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(a?.attendeeUserId).toBe(userId);
  });

  it('stores only the hash of the token', async () => {
    const { token } = await inviteBeneficiary();
    const all = await t.db.select({ h: emailedLinks.tokenHash }).from(emailedLinks).where(eq(emailedLinks.purpose, 'invitation'));
    expect(all.some((r) => r.h === sha256(token))).toBe(true);
    expect(all.some((r) => r.h === token)).toBe(false);
  });
});

describe('limits on invitations (mail sent on a user’s behalf)', () => {
  const HOUR = 3600_000;
  const addBeneficiary = (session: TestSession, email: string, lastName = 'Ellis') =>
    injectAs(t, session, 'POST', '/api/v1/beneficiaries', { firstName: 'Kin', lastName, relationship: 'Other', email, phone: '' });
  const invitedBy = async (userId: string) => (await t.db.select().from(invitations).where(eq(invitations.invitedBy, userId))).length;
  const newOwner = async () => {
    const user = await insertOwner(t.db);
    return { user, session: await sessionFor(t, user) };
  };

  it(`an account sends at most ${SEND_LIMITS.invitationsPerAccountPerHour} an hour — also when the requests come in parallel — and is told when to retry`, async () => {
    const { user, session } = await newOwner();
    const limit = SEND_LIMITS.invitationsPerAccountPerHour;
    const results = await Promise.all(Array.from({ length: limit + 5 }, (_, i) => addBeneficiary(session, unique(`kin${i}`), `No${i}`)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(limit);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429, 429, 429]);
    expect(refused[0]!.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(new RegExp(`^You can send up to ${limit} invitations an hour\\. Please try again in \\d+ minutes?\\.$`)) },
    });
    // Nothing was left behind by a refused request: no beneficiary without its invitation, no extra mail.
    expect(await invitedBy(user.id)).toBe(limit);
    expect(await t.db.select().from(beneficiaries).where(eq(beneficiaries.estateId, user.estateId!))).toHaveLength(limit);
    // A resend is an invitation too.
    const someone = (await t.db.select().from(beneficiaries).where(eq(beneficiaries.estateId, user.estateId!)))[0]!;
    expect((await injectAs(t, session, 'POST', `/api/v1/beneficiaries/${someone.id}/invitation`)).statusCode).toBe(429);

    t.clock.advance(HOUR); // (sessions idle out after 30 minutes: sign in again)
    expect((await addBeneficiary(await sessionFor(t, user), unique('later'))).statusCode).toBe(201);
  });

  it(`one address receives at most ${SEND_LIMITS.invitationsPerAddressPerDay} a day from all accounts together (in parallel too); a refused email change changes nothing`, async () => {
    const target = unique('target');
    // Sign-up confirmation links share the table but have their own limit: they do not use up the address's invitations.
    for (let i = 0; i < 3; i++) await insertInvitation(t.db, { email: target, role: 'estate-owner', kind: 'sign-up', createdAt: t.clock.now() });
    const owners = await Promise.all(Array.from({ length: 5 }, newOwner));
    const results = await Promise.all(owners.map((o) => addBeneficiary(o.session, target)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(SEND_LIMITS.invitationsPerAddressPerDay);
    const refused = results.find((r) => r.statusCode === 429);
    expect(refused!.json().error).toEqual({ code: 'RATE_LIMITED', message: expect.stringContaining('This email address has already received 3 invitations in the last 24 hours') });
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, target))).toHaveLength(SEND_LIMITS.invitationsPerAddressPerDay);

    // Another owner's beneficiary moved to that address: refused, and the old email stays.
    const late = owners[results.findIndex((r) => r.statusCode === 429)]!;
    const mine = await addBeneficiary(late.session, unique('before'));
    const patched = await injectAs(t, late.session, 'PATCH', `/api/v1/beneficiaries/${mine.json().id}`, { email: target });
    expect(patched.statusCode).toBe(429);
    expect((await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, mine.json().id)))[0]!.email).toBe(mine.json().email);

    t.clock.advance(24 * HOUR);
    expect((await addBeneficiary(await sessionFor(t, late.user), target)).statusCode).toBe(201);
  });

  it('the subject never carries the name the owner typed; header-breaking characters in it go nowhere', async () => {
    const owner = await insertOwner(t.db, { name: 'Heirloom Security Team\r\nBcc: all@example.com' });
    const email = unique('spoof');
    expect((await addBeneficiary(await sessionFor(t, owner), email)).statusCode).toBe(201);
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mail!.subject).toBe('Heirloom: an invitation sent on behalf of one of our members');
    expect(mail!.text).toContain('a member who gave their name as “Heirloom Security Team Bcc: all@example.com”');
  });
});
