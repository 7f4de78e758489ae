import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertMemory, samplePhoto } from '../../../../test/factories/memories.ts';
import { insertTask } from '../../../../test/factories/tasks.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { memories } from '../../db/schema/memories.ts';
import { auditLog } from '../../db/schema/system.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { totpFor } from '../../identity/second-factor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-10-01T09:00:00Z'));
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
const requestDeletion = (s: TestSession, body: unknown) => injectAs(t, s, 'POST', '/api/v1/account/deletion', body);

async function blobsUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.app.deps.files.list(prefix)) keys.push(o.key);
  return keys.sort();
}

/** An owner with a real vault: photos (with thumbnails), documents, secrets, beneficiaries, tasks. */
async function ownerWithVault(overrides: Parameters<typeof insertUser>[1] = {}) {
  const owner = await insertUser(t.db, overrides);
  const estateId = owner.estateId!;
  const ben = await insertBeneficiary(t.db, estateId, { firstName: 'Emily' });
  await insertBeneficiary(t.db, estateId, { firstName: 'Tom' });
  await insertMemory(t.app.deps, estateId, { title: 'Lake house', photos: [await samplePhoto('lake.jpg')], sharedWith: [ben.id] });
  await insertDocument(t.app.deps, estateId, { title: 'Will' });
  await insertDigitalAsset(t.app.deps, estateId, { name: 'Bank', secrets: { password: 'p4ss', recoveryCodes: '', accessInstructions: '' } });
  await insertTask(t.db, estateId);
  return { owner, estateId, session: await sessionFor(t, owner) };
}

async function userRow(u: InsertedUser) {
  const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
  return row;
}

describe('Delete my account', () => {
  it('after the password: scheduled 14 days ahead, signed out everywhere, emailed; then the job removes the estate, its rows and every blob, and leaves other estates alone', async () => {
    const { owner, estateId, session } = await ownerWithVault();
    const laptop = await sessionFor(t, owner);
    const other = await ownerWithVault();
    // the owner is also a beneficiary of the other estate: that estate keeps its entry, unlinked
    const link = await insertBeneficiary(t.db, other.estateId, { userId: owner.id, email: owner.email, firstName: 'Linked' });

    const mine = await blobsUnder(`estates/${estateId}/`);
    const theirs = await blobsUnder(`estates/${other.estateId}/`);
    expect(mine.length).toBe(3); // photo, its thumbnail, the document
    expect(theirs.length).toBe(3);

    const wrong = await requestDeletion(session, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'That password is not right' });
    expect((await userRow(owner))!.deletionDueAt).toBeNull();
    expect((await injectAs(t, session, 'GET', '/api/v1/session/confirm')).statusCode).toBe(200);

    const res = await requestDeletion(session, { password: owner.password });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ deletionDueAt: '2026-10-15T09:00:00.000Z' });
    expect(res.cookies.find((c) => c.name === 'heirloom_session')?.value).toBe('');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
    expect((await injectAs(t, laptop, 'GET', '/api/v1/session/confirm')).statusCode).toBe(401);
    const [mail] = await emailsTo(t, owner.email);
    expect(mail).toMatchObject({ kind: 'account-deletion', subject: expect.stringContaining('will be deleted on 15 October 2026') });
    expect(mail!.text).toContain('Sign in before 15 October 2026');

    // nothing goes before the grace period is over
    t.clock.set(new Date('2026-10-15T08:59:00Z'));
    await t.app.deps.jobs.runDue();
    expect(await userRow(owner)).toBeDefined();
    expect(await blobsUnder(`estates/${estateId}/`)).toEqual(mine);

    t.clock.set(new Date('2026-10-15T09:00:00Z'));
    await t.app.deps.jobs.runDue();
    expect(await userRow(owner)).toBeUndefined();
    expect(await t.db.select().from(estates).where(eq(estates.id, estateId))).toEqual([]);
    for (const table of [memories, documents, files, beneficiaries] as const) {
      expect(await t.db.select().from(table).where(eq(table.estateId, estateId))).toEqual([]);
    }
    expect(await blobsUnder(`estates/${estateId}/`)).toEqual([]);
    // no orphan anywhere: every blob left in the store belongs to a file row
    const rows = await t.db.select({ key: files.storageKey }).from(files);
    const rowKeys = new Set(rows.map((r) => r.key));
    expect((await blobsUnder('estates/')).filter((k) => !rowKeys.has(k))).toEqual([]);

    // the other estate is untouched, its beneficiary entry for the owner stays, unlinked
    expect(await blobsUnder(`estates/${other.estateId}/`)).toEqual(theirs);
    expect(await t.db.select().from(memories).where(eq(memories.estateId, other.estateId))).toHaveLength(1);
    const [kept] = await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, link.id));
    expect(kept).toMatchObject({ userId: null, firstName: 'Linked' });
    expect((await injectAs(t, await sessionFor(t, other.owner), 'GET', '/api/v1/digital-assets')).json().items).toHaveLength(1);

    // the owner gets a last mail (earlier mail to the address is gone from the outbox)
    const last = await emailsTo(t, owner.email);
    expect(last.map((m) => m.subject)).toEqual(['Your Heirloom account has been deleted']);

    // only an anonymised audit entry is left
    const trail = await t.db.select().from(auditLog).where(or(eq(auditLog.actorUserId, owner.id), eq(auditLog.estateId, estateId)));
    expect(trail).toEqual([]);
    const deleted = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.deleted'));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ actorUserId: null, estateId: null, targetId: null, ip: '' });
    expect(deleted[0]!.details).toEqual({ requestedOn: '2026-10-01', hadEstate: true, files: 3, beneficiariesTold: 2 });
    expect(JSON.stringify(deleted[0])).not.toContain(owner.email);
    expect(JSON.stringify(deleted[0])).not.toContain(owner.name);

    // a second run finds nothing more to do
    await t.app.deps.jobs.runDue();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.deleted'))).toHaveLength(1);
    t.clock.set(new Date('2026-10-01T09:00:00Z'));
  });

  it('tells the beneficiaries of the deleted estate by email', async () => {
    const { owner, estateId, session } = await ownerWithVault();
    const bens = await t.db.select().from(beneficiaries).where(eq(beneficiaries.estateId, estateId));
    expect((await requestDeletion(session, { password: owner.password })).statusCode).toBe(202);
    t.clock.set(new Date(t.clock.now().getTime() + 14 * DAY));
    await t.app.deps.jobs.runDue();
    for (const b of bens) {
      const [mail] = await emailsTo(t, b.email);
      expect(mail).toMatchObject({ kind: 'account-deletion', subject: `${owner.name} has closed their Heirloom account` });
      expect(mail!.text).toContain(`Hello ${b.firstName}`);
    }
    t.clock.set(new Date('2026-10-01T09:00:00Z'));
  });

  it('signing in during the grace period cancels the deletion, says so, and nothing is removed', async () => {
    const { owner, estateId, session } = await ownerWithVault();
    expect((await requestDeletion(session, { password: owner.password })).statusCode).toBe(202);
    t.clock.set(new Date('2026-10-10T12:00:00Z'));
    const signIn = await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().deletionCancelled).toBe(true);
    expect((await userRow(owner))!.deletionDueAt).toBeNull();
    expect((await emailsTo(t, owner.email))[0]!.subject).toMatch(/will not be deleted/);
    // the next sign-in has nothing to cancel
    expect((await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password })).json().deletionCancelled).toBe(false);

    t.clock.set(new Date('2026-11-01T09:00:00Z'));
    await t.app.deps.jobs.runDue();
    expect(await userRow(owner)).toBeDefined();
    expect((await blobsUnder(`estates/${estateId}/`)).length).toBe(3);
    // and it can be asked for again
    const later = new Browser(t);
    expect((await later.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    expect((await later.call('POST', '/api/v1/account/deletion', { password: owner.password })).statusCode).toBe(202);
    t.clock.set(new Date('2026-10-01T09:00:00Z'));
  });

  it('with two-factor on, asks for the password and a code', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const owner = await insertUser(t.db, { totpSecretEnc: t.app.deps.secrets.encrypt(secret), totpEnabledAt: new Date() });
    const s = await sessionFor(t, owner);
    const passwordOnly = await requestDeletion(s, { password: owner.password });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().error.fields).toHaveProperty('code');
    const code = totpFor(secret, 'x', 'x').generate({ timestamp: t.clock.now().getTime() });
    const codeOnly = await requestDeletion(s, { code });
    expect(codeOnly.statusCode).toBe(400);
    expect(codeOnly.json().error.fields).toHaveProperty('password');
    expect((await userRow(owner))!.deletionDueAt).toBeNull();
    expect((await requestDeletion(s, { password: owner.password, code })).statusCode).toBe(202);
  });

  it('refuses a second request while one is pending, and of concurrent requests schedules one', async () => {
    const owner = await insertUser(t.db);
    const sessionsOf = await Promise.all([1, 2, 3].map(() => sessionFor(t, owner)));
    const answers = await Promise.all(sessionsOf.map((s) => requestDeletion(s, { password: owner.password })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    // the others were refused: 409 "already scheduled", or 401 when their session had already been ended
    expect(statuses.filter((s) => s !== 202).every((s) => s === 409 || s === 401)).toBe(true);
    expect((await emailsTo(t, owner.email)).filter((m) => m.kind === 'account-deletion')).toHaveLength(1);

    // a pending deletion, asked again from a fresh session (e.g. a reset password, not a sign-in)
    const again = await requestDeletion(await sessionFor(t, owner), { password: owner.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your account is already scheduled for deletion.');
  });

  it('refuses, changing nothing: a non-owner, a demo account, a staff account, an estate past planning', async () => {
    const beneficiary = await insertUser(t.db, { roles: ['beneficiary'] });
    expect((await requestDeletion(await sessionFor(t, beneficiary), { password: beneficiary.password })).statusCode).toBe(403);

    const demo = await insertUser(t.db, { isDemo: true });
    const demoRes = await requestDeletion(await sessionFor(t, demo), { password: demo.password });
    expect(demoRes.statusCode).toBe(409);
    expect(demoRes.json().error.message).toMatch(/Demo accounts/);

    const planner = await insertUser(t.db, { roles: ['estate-owner', 'legacy-planner'] });
    const plannerRes = await requestDeletion(await sessionFor(t, planner), { password: planner.password });
    expect(plannerRes.statusCode).toBe(409);
    expect(plannerRes.json().error.message).toMatch(/also a legacy planner account/);

    const reported = await insertUser(t.db);
    await t.db.update(estates).set({ status: 'verification_pending' }).where(eq(estates.id, reported.estateId!));
    const s = await sessionFor(t, reported);
    const reportedRes = await requestDeletion(s, { password: reported.password });
    expect(reportedRes.statusCode).toBe(409);
    expect(reportedRes.json().error.message).toMatch(/report about your estate/);

    const untouched = await t.db.select().from(users).where(inArray(users.id, [demo.id, planner.id, reported.id]));
    expect(untouched.map((u) => u.deletionDueAt)).toEqual([null, null, null]);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, s.sessionId))).toHaveLength(1);
  });

  it('refuses bad input with 400', async () => {
    const owner = await insertUser(t.db);
    const s = await sessionFor(t, owner);
    expect((await requestDeletion(s, {})).json().error.fields).toEqual({ password: 'Enter your password' });
    expect((await requestDeletion(s, { password: owner.password, confirm: true })).statusCode).toBe(400);
    expect((await userRow(owner))!.deletionDueAt).toBeNull();
  });
});
