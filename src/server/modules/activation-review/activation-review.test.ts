import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrate, insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertDeliveredLetter, setEstateStatus } from '../../../../test/factories/shared-content.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { activationReviews } from '../../db/schema/activation-reviews.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateAlerts } from '../../db/schema/lifecycle.ts';
import { notifications } from '../../db/schema/messages.ts';
import { estateTrustees } from '../../db/schema/safeguards.ts';
import { auditLog } from '../../db/schema/system.ts';
import { freezeActivationSnapshot } from '../audit-integrity/freeze-activation-snapshot.ts';
import { verifyAuditChain } from '../audit-integrity/verify-audit-chain.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const OWNER_REVIEW = '/api/v1/estate/activation-review';
const adminReview = (estateId: string) => `/api/v1/estate-admin/estates/${estateId}/activation-review`;
const ADMIN_REVIEWS = '/api/v1/admin/activation-reviews';
const REASON = { reason: 'The hospital confused two patients; I spoke to the owner on the phone.' };

/** An active estate: owner, a linked beneficiary who is also its trustee, its administrator, a memory released at activation and a letter delivered after it. */
async function activeEstate() {
  const f = await insertEstateWithTeam(t.db);
  const estateId = f.owner.estateId!;
  await t.db.insert(estateTrustees).values({ estateId, userId: f.reporter.id, position: 1 });
  const memory = await insertMemory(t.app.deps, estateId, { title: 'Our summer in Brittany', shareAll: true, release: 'after_activation' });
  await insertDeliveredLetter(t.db, { estateId, ownerId: f.owner.id, recipient: f.beneficiary, subject: 'For after I am gone', deliveryRule: 'after_activation', daysAfterActivation: 0 });
  await setEstateStatus(t.db, estateId, 'active');
  await freezeActivationSnapshot(t.db, estateId, t.clock.now());
  return { ...f, estateId, memory, ownerS: await sessionFor(t, f.owner), adminS: await sessionFor(t, f.administrator), familyS: await sessionFor(t, f.reporter) };
}
type Estate = Awaited<ReturnType<typeof activeEstate>>;

const statusOf = async (estateId: string) => (await t.db.select({ s: estates.status }).from(estates).where(eq(estates.id, estateId)))[0]!.s;
const noticesOf = async (userId: string) => (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
const auditActions = async (estateId: string) => (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.estateId, estateId))).map((r) => r.action);
const platformAdmin = async () => sessionFor(t, await insertUser(t.db, { roles: ['admin'] }));

async function signInThroughThePage(user: { email: string; password: string }) {
  const res = await new Browser(t).call('POST', '/api/v1/auth/sign-in', { email: user.email, password: user.password });
  expect(res.statusCode, res.body).toBe(200);
}

async function openAndPropose(e: Estate, proposer: TestSession = e.adminS) {
  expect((await injectAs(t, e.ownerS, 'POST', OWNER_REVIEW)).statusCode).toBe(200);
  const proposed = await injectAs(t, proposer, 'POST', `${adminReview(e.estateId)}/propose`, REASON);
  expect(proposed.statusCode, proposed.body).toBe(200);
  return proposed.json() as { id: string; status: string };
}

describe('a sign-in to the account of an active estate', () => {
  it('is audited, alerts the estate administrator and tells the trustees — once a day however often it happens', async () => {
    const e = await activeEstate();
    await signInThroughThePage(e.owner);
    await signInThroughThePage(e.owner);
    expect((await auditActions(e.estateId)).filter((a) => a === 'estate.signed_in_after_activation')).toHaveLength(2);
    const alerts = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, e.estateId));
    expect(alerts.map((a) => [a.type, a.priority])).toEqual([['security', 'high']]);
    expect((await noticesOf(e.administrator.id)).filter((m) => /signed in to .* account after the estate was activated/.test(m))).toHaveLength(1);
    expect((await noticesOf(e.reporter.id)).filter((m) => /signed in to .* account after the estate was activated/.test(m))).toHaveLength(1);

    t.clock.advance(24 * 60 * 60 * 1000);
    await signInThroughThePage(e.owner);
    expect(await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, e.estateId))).toHaveLength(2);
  });

  it('is nothing special while the estate is in planning', async () => {
    const f = await insertEstateWithTeam(t.db);
    await signInThroughThePage(f.owner);
    expect(await auditActions(f.owner.estateId!)).not.toContain('estate.signed_in_after_activation');
    expect(await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!))).toEqual([]);
  });
});

describe('"This is a mistake — I am alive"', () => {
  it('opens a review that changes nothing, audited, alerting the administrator and every platform admin', async () => {
    const e = await activeEstate();
    const admin = await platformAdmin();
    expect((await injectAs(t, e.ownerS, 'GET', OWNER_REVIEW)).json()).toEqual({ estateActive: true, review: null });
    const res = await injectAs(t, e.ownerS, 'POST', OWNER_REVIEW);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estateActive: true, review: { status: 'open', decidedAt: null } });
    expect(await statusOf(e.estateId)).toBe('active');
    expect((await injectAs(t, e.familyS, 'GET', '/api/v1/shared/memories')).json().items.map((m: { title: string }) => m.title)).toEqual(['Our summer in Brittany']);
    expect(await auditActions(e.estateId)).toContain('estate.activation_review_opened');
    const [alert] = await t.db.select().from(estateAlerts).where(and(eq(estateAlerts.estateId, e.estateId), eq(estateAlerts.type, 'activation')));
    expect(alert).toMatchObject({ priority: 'high' });
    expect((await noticesOf(admin.userId)).join('\n')).toMatch(/says the activation of their estate is a mistake/);
    expect((await injectAs(t, e.ownerS, 'POST', OWNER_REVIEW)).statusCode).toBe(409);
  });

  it('is refused (409) when the estate is not active', async () => {
    const f = await insertEstateWithTeam(t.db);
    const res = await injectAs(t, await sessionFor(t, f.owner), 'POST', OWNER_REVIEW);
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(activationReviews).where(eq(activationReviews.estateId, f.owner.estateId!))).toEqual([]);
  });
});

describe('reversing a mistaken activation', () => {
  it('needs the estate’s own administrator to propose: another estate’s is 404, and without the owner’s review it is 409', async () => {
    const e = await activeEstate();
    const other = await activeEstate();
    expect((await injectAs(t, e.adminS, 'POST', `${adminReview(e.estateId)}/propose`, REASON)).statusCode).toBe(409);
    await injectAs(t, e.ownerS, 'POST', OWNER_REVIEW);
    expect((await injectAs(t, other.adminS, 'POST', `${adminReview(e.estateId)}/propose`, REASON)).statusCode).toBe(404);
    expect((await injectAs(t, other.adminS, 'GET', adminReview(e.estateId))).statusCode).toBe(404);
    expect((await injectAs(t, e.adminS, 'GET', adminReview(e.estateId))).json()).toMatchObject({ mayPropose: true, review: { status: 'open' } });
    expect((await injectAs(t, e.ownerS, 'POST', `${adminReview(e.estateId)}/propose`, REASON)).statusCode).toBe(403);
    expect((await injectAs(t, e.adminS, 'POST', `${adminReview(e.estateId)}/propose`, { reason: '' })).statusCode).toBe(400);
    expect(await statusOf(e.estateId)).toBe('active');
  });

  it('cannot be approved by the person who proposed it, even holding both roles (403); approval without a proposal is 409', async () => {
    const e = await activeEstate();
    const both = await insertUser(t.db, { roles: ['estate-administrator', 'admin'] });
    await administrate(t.db, e.owner, both);
    const bothS = await sessionFor(t, both);
    await injectAs(t, e.ownerS, 'POST', OWNER_REVIEW);
    const [open] = await t.db.select().from(activationReviews).where(eq(activationReviews.estateId, e.estateId));
    expect((await injectAs(t, await platformAdmin(), 'POST', `${ADMIN_REVIEWS}/${open!.id}/approve`, REASON)).statusCode).toBe(409);

    const review = (await injectAs(t, bothS, 'POST', `${adminReview(e.estateId)}/propose`, REASON)).json();
    const self = await injectAs(t, bothS, 'POST', `${ADMIN_REVIEWS}/${review.id}/approve`, REASON);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toMatch(/a different platform admin/);
    expect((await injectAs(t, e.adminS, 'POST', `${ADMIN_REVIEWS}/${review.id}/approve`, REASON)).statusCode).toBe(403);
    expect(await statusOf(e.estateId)).toBe('active');
  });

  it('approved by another platform admin: back in planning, the release withdrawn, everyone told, the audit chain intact', async () => {
    const e = await activeEstate();
    await t.db.update(estates).set({ deceasedName: e.owner.name, deceasedDateOfBirth: '1950-01-01' }).where(eq(estates.id, e.estateId)); // as a real activation fixes them
    const review = await openAndPropose(e);
    const approver = await platformAdmin();
    expect((await injectAs(t, approver, 'GET', ADMIN_REVIEWS)).json().items.map((r: { id: string; status: string }) => [r.id, r.status])).toContainEqual([review.id, 'proposed']);
    expect((await injectAs(t, e.familyS, 'GET', '/api/v1/inbox')).json().items.length).toBe(1);
    expect((await injectAs(t, e.familyS, 'GET', `/api/v1/shared/estates/${e.estateId}/snapshot`)).statusCode).toBe(200);

    const res = await injectAs(t, approver, 'POST', `${ADMIN_REVIEWS}/${review.id}/approve`, REASON);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', proposedByName: e.administrator.name });
    expect(await statusOf(e.estateId)).toBe('planning');
    const [estate] = await t.db.select().from(estates).where(eq(estates.id, e.estateId));
    expect(estate).toMatchObject({ releaseStepsDone: 0, activatedAt: null, deceasedName: null, deceasedDateOfBirth: null });
    // alive after all: the account's name is theirs to change again (ADR 0110)
    expect((await injectAs(t, e.ownerS, 'PATCH', '/api/v1/account', { name: `${e.owner.name} Jr` })).statusCode).toBe(200);

    // the beneficiary no longer sees what activation released: the memory, the letter, the snapshot, the playbook
    expect((await injectAs(t, e.familyS, 'GET', '/api/v1/shared/memories')).json().items).toEqual([]);
    expect((await injectAs(t, e.familyS, 'GET', `/api/v1/shared/memories/${e.memory.id}`)).statusCode).toBe(404);
    expect((await injectAs(t, e.familyS, 'GET', '/api/v1/inbox')).json().items).toEqual([]);
    expect((await injectAs(t, e.familyS, 'GET', `/api/v1/shared/estates/${e.estateId}/snapshot`)).statusCode).toBe(404);

    expect((await noticesOf(e.reporter.id)).join('\n')).toMatch(/activated by mistake and is back in planning/);
    expect((await noticesOf(e.administrator.id)).join('\n')).toMatch(/activation of .* was reversed/);
    expect((await noticesOf(e.owner.id)).join('\n')).toMatch(/reversed the activation of your estate/);
    expect((await emailsTo(t, e.owner.email)).map((m) => m.subject).join('\n')).toMatch(/the activation of your estate was reversed/);
    expect(await auditActions(e.estateId)).toEqual(expect.arrayContaining(['estate.activation_reversal_proposed', 'estate.status_changed', 'estate.activation_reversed']));
    const changed = await t.db.select().from(auditLog).where(and(eq(auditLog.estateId, e.estateId), eq(auditLog.action, 'estate.status_changed')));
    expect(changed.map((r) => r.details)).toContainEqual({ event: 'activation_reversed', from: 'active', to: 'planning' });
    expect((await verifyAuditChain(t.db)).intact).toBe(true);
    expect((await injectAs(t, e.ownerS, 'GET', OWNER_REVIEW)).json()).toMatchObject({ estateActive: false, review: { status: 'approved' } });
  });

  it('approved twice, or twice at once, moves the estate exactly once', async () => {
    const e = await activeEstate();
    const review = await openAndPropose(e);
    const [a, b] = [await platformAdmin(), await platformAdmin()];
    const answers = await Promise.all([a, b].map((s) => injectAs(t, s, 'POST', `${ADMIN_REVIEWS}/${review.id}/approve`, REASON)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await injectAs(t, a, 'POST', `${ADMIN_REVIEWS}/${review.id}/approve`, REASON)).statusCode).toBe(409);
    const reversals = await t.db.select().from(auditLog).where(and(eq(auditLog.estateId, e.estateId), eq(auditLog.action, 'estate.activation_reversed')));
    expect(reversals).toHaveLength(1);
    expect(await statusOf(e.estateId)).toBe('planning');
  });

  it('rejected: the estate stays active and the owner is told', async () => {
    const e = await activeEstate();
    const review = await openAndPropose(e);
    const res = await injectAs(t, await platformAdmin(), 'POST', `${ADMIN_REVIEWS}/${review.id}/reject`, { reason: 'The death certificate is genuine.' });
    expect(res.json()).toMatchObject({ status: 'rejected' });
    expect(await statusOf(e.estateId)).toBe('active');
    expect((await noticesOf(e.owner.id)).join('\n')).toMatch(/your estate stays active/);
    expect((await injectAs(t, e.familyS, 'GET', '/api/v1/shared/memories')).json().items).toHaveLength(1);
  });

  it('is not open to an estate administrator who is not a platform admin, nor to the owner', async () => {
    const e = await activeEstate();
    const review = await openAndPropose(e);
    expect((await injectAs(t, e.adminS, 'GET', ADMIN_REVIEWS)).statusCode).toBe(403);
    expect((await injectAs(t, e.ownerS, 'POST', `${ADMIN_REVIEWS}/${review.id}/approve`, REASON)).statusCode).toBe(403);
    expect((await injectAs(t, await platformAdmin(), 'POST', `${ADMIN_REVIEWS}/00000000-0000-4000-8000-000000000000/approve`, REASON)).statusCode).toBe(404);
  });
});
