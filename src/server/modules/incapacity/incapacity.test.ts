import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { makePdf, multipartBody, type FormPart } from '../../../../test/factories/files.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { endVetoWindow } from '../../../../test/factories/safeguards.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { incapacityGrants } from '../../db/schema/incapacity.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { futureMessages, notifications } from '../../db/schema/messages.ts';
import { estateTrustees } from '../../db/schema/safeguards.ts';
import { auditLog } from '../../db/schema/system.ts';
import { deliverDueFutureMessages } from '../future-messages/deliver-due-future-messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;

/**
 * An estate whose owner accepts incapacity reports, with: the reporter (a linked beneficiary, the one
 * the owner chooses for documents), another linked beneficiary not chosen, a trustee, an estate
 * administrator; a document and a memory released "now" but shared with nobody, a document shared
 * with everyone but kept for after activation, and a scheduled letter.
 */
async function family() {
  const f = await insertEstateWithTeam(t.db);
  const estateId = f.owner.estateId!;
  await t.db.update(estates).set({ activationCondition: 'upon_incapacitation' }).where(eq(estates.id, estateId));
  const otherUser = await insertUser(t.db, { roles: ['beneficiary'] });
  const other = await insertBeneficiary(t.db, estateId, { userId: otherUser.id, relationship: 'Son', email: otherUser.email });
  const trusteeUser = await insertUser(t.db, { roles: ['beneficiary'] });
  await insertBeneficiary(t.db, estateId, { userId: trusteeUser.id, relationship: 'Brother', email: trusteeUser.email });
  await t.db.insert(estateTrustees).values({ estateId, userId: trusteeUser.id, position: 1 });
  const unlinked = await insertBeneficiary(t.db, estateId, { userId: null, relationship: 'Niece' });
  const deps = t.app.deps;
  const insurance = await insertDocument(deps, estateId, { title: 'Insurance policy', release: 'now', shareAll: false });
  const afterDeath = await insertDocument(deps, estateId, { title: 'Funeral wishes', release: 'after_activation', shareAll: true });
  const memory = await insertMemory(deps, estateId, { title: 'Summer 1990', release: 'now', shareAll: false });
  const letter = await insertFutureMessage(t.db, estateId, f.beneficiary.id, { status: 'scheduled', deliveryRule: 'on_date', dueAt: new Date(t.clock.now().getTime() + DAY) });
  const s = {
    owner: await sessionFor(t, f.owner),
    chosen: await sessionFor(t, f.reporter),
    other: await sessionFor(t, otherUser),
    trustee: await sessionFor(t, trusteeUser),
    admin: await sessionFor(t, f.administrator),
  };
  return { ...f, estateId, other, otherUser, trusteeUser, unlinked, insurance, afterDeath, memory, letter, s };
}
type Family = Awaited<ReturnType<typeof family>>;

const chooseDocuments = (f: Family) =>
  injectAs(t, f.s.owner, 'PUT', '/api/v1/incapacity/grants', { grants: [{ beneficiaryId: f.beneficiary.id, categories: ['documents'] }] });

function reportIncapacity(f: Family) {
  const parts: FormPart[] = [
    { name: 'data', value: JSON.stringify({ event: 'incapacity', relationship: 'Daughter' }) },
    { name: 'medical', filename: 'medical.pdf', data: makePdf('Medical report'), contentType: 'application/pdf' },
  ];
  const { payload, headers } = multipartBody(parts);
  return injectAs(t, f.s.chosen, 'POST', `/api/v1/estates/${f.estateId}/reports`, payload, { headers });
}

/**
 * The open report's safeguards (ADR 0047, tested in release-safeguards/): the family's trustee
 * confirms it, and the owner's veto window has run out.
 */
async function passSafeguards(f: Family) {
  const [report] = await t.db.select().from(estateReports).where(and(eq(estateReports.estateId, f.estateId), eq(estateReports.status, 'open')));
  const answer = await injectAs(t, f.s.trustee, 'POST', `/api/v1/trustee/reports/${report!.id}/answer`, { answer: 'confirm' });
  expect(answer.statusCode, answer.body).toBe(200);
  await endVetoWindow(t.db, f.estateId, t.clock.now());
}

/** Report, the safeguards pass, then the administrator verifies every pending proof. */
async function enterIncapacity(f: Family) {
  expect((await reportIncapacity(f)).statusCode).toBe(201);
  await passSafeguards(f);
  const pending = (await injectAs(t, f.s.admin, 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${f.estateId}`)).json().items as { id: string }[];
  for (const item of pending) expect((await injectAs(t, f.s.admin, 'POST', `/api/v1/estate-admin/verifications/${item.id}/approve`)).statusCode).toBe(200);
  expect(await statusOf(f.estateId)).toBe('incapacity');
}

const statusOf = async (estateId: string) => (await t.db.select({ s: estates.status }).from(estates).where(eq(estates.id, estateId)))[0]!.s;
const code = async (s: TestSession, url: string) => (await injectAs(t, s, 'GET', url)).statusCode;
const docIds = async (s: TestSession) => ((await injectAs(t, s, 'GET', '/api/v1/shared/documents')).json().items as { id: string }[]).map((d) => d.id);

describe('the owner’s choices', () => {
  it('lists every beneficiary with what they would get, and saves a choice only for the owner’s own linked beneficiaries', async () => {
    const f = await family();
    const saved = await chooseDocuments(f);
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = saved.json().people.find((p: { beneficiaryId: string }) => p.beneficiaryId === f.beneficiary.id);
    expect(mine).toMatchObject({ linked: true, categories: ['documents'] });
    expect(saved.json().status).toBe('planning');

    const unlinked = await injectAs(t, f.s.owner, 'PUT', '/api/v1/incapacity/grants', { grants: [{ beneficiaryId: f.unlinked.id, categories: ['memories'] }] });
    expect(unlinked.statusCode).toBe(400);
    const stranger = await family();
    const foreign = await injectAs(t, f.s.owner, 'PUT', '/api/v1/incapacity/grants', { grants: [{ beneficiaryId: stranger.beneficiary.id, categories: ['memories'] }] });
    expect(foreign.statusCode).toBe(404);
    const bad = await injectAs(t, f.s.owner, 'PUT', '/api/v1/incapacity/grants', { grants: [{ beneficiaryId: f.beneficiary.id, categories: ['letters'] }] });
    expect(bad.statusCode).toBe(400);
    const twice = await injectAs(t, f.s.owner, 'PUT', '/api/v1/incapacity/grants', {
      grants: [
        { beneficiaryId: f.beneficiary.id, categories: ['documents'] },
        { beneficiaryId: f.beneficiary.id, categories: ['memories'] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    // a refused request changed nothing
    const rows = await t.db.select().from(incapacityGrants).where(eq(incapacityGrants.estateId, f.estateId));
    expect(rows.map((r) => `${r.beneficiaryId === f.beneficiary.id}:${r.category}`)).toEqual(['true:documents']);
    // nobody but the owner reaches the owner API
    expect((await injectAs(t, f.s.chosen, 'PUT', '/api/v1/incapacity/grants', { grants: [] })).statusCode).toBe(403);
    expect((await injectAs(t, f.s.admin, 'GET', '/api/v1/incapacity')).statusCode).toBe(403);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'incapacity.grants_updated'), eq(auditLog.estateId, f.estateId)));
    expect(entry).toBeTruthy();
  });
});

describe('incapacity mode', () => {
  it('a verified incapacity report opens incapacity mode (not activation), tells the owner and the chosen person in-app and by email', async () => {
    const f = await family();
    await chooseDocuments(f);
    await enterIncapacity(f);
    const [report] = await t.db.select().from(estateReports).where(eq(estateReports.estateId, f.estateId));
    expect(report?.status).toBe('verified');
    expect((await emailsTo(t, f.owner.email)).map((m) => m.subject).join('\n')).toMatch(/incapacity mode has started/);
    expect((await emailsTo(t, f.reporter.email)).map((m) => m.subject).join('\n')).toMatch(/incapacity mode has started/);
    expect((await emailsTo(t, f.otherUser.email)).map((m) => m.subject).join('\n')).not.toMatch(/incapacity/);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, f.reporter.id));
    expect(told.map((n) => n.message).join('\n')).toMatch(/temporary, read-only access/);
    // the estate administrator cannot activate from here: only ending it is offered
    const detail = (await injectAs(t, f.s.admin, 'GET', `/api/v1/estate-admin/estates/${f.estateId}`)).json();
    expect(detail.allowedEvents).toEqual(['incapacity_ended']);
    const activate = await injectAs(t, f.s.admin, 'POST', `/api/v1/estate-admin/estates/${f.estateId}/transition`, { event: 'activated' });
    expect(activate.statusCode).toBe(409);
    expect(await statusOf(f.estateId)).toBe('incapacity');
    const started = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'incapacity.started'), eq(auditLog.estateId, f.estateId)));
    expect(started).toHaveLength(1);
  });

  it('is entered only after the trustee quorum and the veto window: verifying earlier is refused (409) and nothing opens', async () => {
    const f = await family();
    await chooseDocuments(f);
    expect((await reportIncapacity(f)).statusCode).toBe(201);
    const pending = (await injectAs(t, f.s.admin, 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${f.estateId}`)).json().items as { id: string }[];
    let admin = f.s.admin;
    const approve = () => injectAs(t, admin, 'POST', `/api/v1/estate-admin/verifications/${pending[0]!.id}/approve`);
    // no trustee has confirmed yet
    expect((await approve()).statusCode).toBe(409);
    const [report] = await t.db.select().from(estateReports).where(and(eq(estateReports.estateId, f.estateId), eq(estateReports.status, 'open')));
    expect((await injectAs(t, f.s.trustee, 'POST', `/api/v1/trustee/reports/${report!.id}/answer`, { answer: 'confirm' })).statusCode).toBe(200);
    // confirmed, but the owner's veto window (7 days by default) is still running
    const refused = await approve();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/waiting period/);
    expect(await statusOf(f.estateId)).toBe('verification_pending');
    expect(await docIds(f.s.chosen)).not.toContain(f.insurance.id);
    expect(await code(f.s.chosen, `/api/v1/shared/files/${f.insurance.fileId}`)).toBe(404);
    t.clock.advance(7 * DAY + 60_000);
    admin = await sessionFor(t, f.administrator); // the earlier session timed out meanwhile
    expect((await approve()).statusCode).toBe(200);
    expect(await statusOf(f.estateId)).toBe('incapacity');
    const chosen = await sessionFor(t, f.reporter);
    expect(await docIds(chosen)).toContain(f.insurance.id);
  });

  it('the chosen person sees the chosen category’s “now” items, read-only; never an after-death item, another category, or another estate', async () => {
    const f = await family();
    await chooseDocuments(f);
    // in planning, the unshared document is hidden from everyone
    expect(await docIds(f.s.chosen)).not.toContain(f.insurance.id);
    await enterIncapacity(f);

    expect(await docIds(f.s.chosen)).toContain(f.insurance.id);
    expect(await code(f.s.chosen, `/api/v1/shared/files/${f.insurance.fileId}`)).toBe(200);
    // after-death only: never, though shared with everyone
    expect(await docIds(f.s.chosen)).not.toContain(f.afterDeath.id);
    expect(await code(f.s.chosen, `/api/v1/shared/files/${f.afterDeath.fileId}`)).toBe(404);
    // a category not chosen (memories)
    expect(await code(f.s.chosen, `/api/v1/shared/memories/${f.memory.id}`)).toBe(404);
    // a person not chosen
    expect(await docIds(f.s.other)).not.toContain(f.insurance.id);
    expect(await code(f.s.other, `/api/v1/shared/files/${f.insurance.fileId}`)).toBe(404);
    // read-only: no write route accepts them
    expect((await injectAs(t, f.s.chosen, 'PATCH', `/api/v1/documents/${f.insurance.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await injectAs(t, f.s.chosen, 'DELETE', `/api/v1/documents/${f.insurance.id}`)).statusCode).toBe(403);
    // another estate's item, even one in incapacity mode, through the same person
    const g = await family();
    await chooseDocuments(g);
    await enterIncapacity(g);
    expect(await code(f.s.chosen, `/api/v1/shared/files/${g.insurance.fileId}`)).toBe(404);
    expect(await docIds(f.s.chosen)).not.toContain(g.insurance.id);
  });

  it('a memories grant opens the owner’s “now” memories even with the person’s memories flag off, and only while the mode lasts', async () => {
    const f = await family();
    await t.db.update(beneficiaries).set({ accessMemories: false }).where(eq(beneficiaries.id, f.beneficiary.id));
    expect(
      (await injectAs(t, f.s.owner, 'PUT', '/api/v1/incapacity/grants', { grants: [{ beneficiaryId: f.beneficiary.id, categories: ['memories'] }] })).statusCode,
    ).toBe(200);
    expect(await code(f.s.chosen, `/api/v1/shared/memories/${f.memory.id}`)).toBe(404);
    await enterIncapacity(f);
    expect(await code(f.s.chosen, `/api/v1/shared/memories/${f.memory.id}`)).toBe(200);
    expect(await docIds(f.s.chosen)).not.toContain(f.insurance.id);
    expect(await code(f.s.other, `/api/v1/shared/memories/${f.memory.id}`)).toBe(404);
    await injectAs(t, f.s.trustee, 'POST', `/api/v1/estates/${f.estateId}/incapacity/end`);
    expect(await code(f.s.chosen, `/api/v1/shared/memories/${f.memory.id}`)).toBe(404);
  });

  it('delivers no letter while it lasts; the letter still goes once the mode ends (nothing lost)', async () => {
    const f = await family();
    await chooseDocuments(f);
    await enterIncapacity(f);
    t.clock.advance(2 * DAY);
    const jobCtx = { ...t.app.deps, actor: null, meta: { ip: '', userAgent: 'test' } };
    await deliverDueFutureMessages(jobCtx);
    const letterStatus = async () => (await t.db.select({ s: futureMessages.status }).from(futureMessages).where(eq(futureMessages.id, f.letter.id)))[0]!.s;
    expect(await letterStatus()).toBe('scheduled');
    // (a fresh session: two days idle signed the old one out)
    expect((await injectAs(t, await sessionFor(t, f.owner), 'POST', '/api/v1/incapacity/end')).statusCode).toBe(200);
    await deliverDueFutureMessages(jobCtx);
    expect(await letterStatus()).toBe('delivered');
  });

  it('the owner’s “I’m back” ends it: back to planning at once, nothing deleted, everyone told, audited; twice is a 409', async () => {
    const f = await family();
    await chooseDocuments(f);
    await enterIncapacity(f);
    const ended = await injectAs(t, f.s.owner, 'POST', '/api/v1/incapacity/end');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().status).toBe('planning');
    expect(await docIds(f.s.chosen)).not.toContain(f.insurance.id);
    expect(await code(f.s.chosen, `/api/v1/shared/files/${f.insurance.fileId}`)).toBe(404);
    // nothing lost: choices, content and the report are all still there
    expect(await t.db.select().from(incapacityGrants).where(eq(incapacityGrants.estateId, f.estateId))).toHaveLength(1);
    expect((await t.db.select().from(estateReports).where(eq(estateReports.estateId, f.estateId)))[0]?.status).toBe('ended');
    expect((await injectAs(t, f.s.owner, 'GET', `/api/v1/documents/${f.insurance.id}`)).statusCode).toBe(200);
    expect((await emailsTo(t, f.reporter.email)).map((m) => m.subject).join('\n')).toMatch(/incapacity mode has ended/);
    expect((await emailsTo(t, f.owner.email)).map((m) => m.subject).join('\n')).toMatch(/incapacity mode has ended/);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'incapacity.ended'), eq(auditLog.estateId, f.estateId)));
    expect(entry?.details).toEqual({ by: 'owner' });
    expect((await injectAs(t, f.s.owner, 'POST', '/api/v1/incapacity/end')).statusCode).toBe(409);
    // a new report can be made again from planning
    expect((await reportIncapacity(f)).statusCode).toBe(201);
  });

  it('a trustee or the estate administrator may end it; a beneficiary who is neither is refused (403), a stranger gets 404', async () => {
    const f = await family();
    await chooseDocuments(f);
    await enterIncapacity(f);
    expect((await injectAs(t, f.s.chosen, 'GET', `/api/v1/estates/${f.estateId}/incapacity`)).json()).toMatchObject({ status: 'incapacity', canEnd: false });
    expect((await injectAs(t, f.s.trustee, 'GET', `/api/v1/estates/${f.estateId}/incapacity`)).json()).toMatchObject({ status: 'incapacity', canEnd: true });
    expect((await injectAs(t, f.s.chosen, 'POST', `/api/v1/estates/${f.estateId}/incapacity/end`)).statusCode).toBe(403);
    const stranger = await family();
    expect((await injectAs(t, stranger.s.trustee, 'POST', `/api/v1/estates/${f.estateId}/incapacity/end`)).statusCode).toBe(404);
    expect((await injectAs(t, stranger.s.admin, 'POST', `/api/v1/estates/${f.estateId}/incapacity/end`)).statusCode).toBe(404);
    expect((await injectAs(t, stranger.s.trustee, 'GET', `/api/v1/estates/${f.estateId}/incapacity`)).statusCode).toBe(404);
    expect(await statusOf(f.estateId)).toBe('incapacity');

    const byTrustee = await injectAs(t, f.s.trustee, 'POST', `/api/v1/estates/${f.estateId}/incapacity/end`);
    expect(byTrustee.statusCode, byTrustee.body).toBe(200);
    expect(byTrustee.json()).toMatchObject({ status: 'planning', canEnd: false });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'incapacity.ended'), eq(auditLog.estateId, f.estateId)));
    expect(entry?.details).toEqual({ by: 'trustee' });

    const g = await family();
    await enterIncapacity(g);
    const byAdmin = await injectAs(t, g.s.admin, 'POST', `/api/v1/estate-admin/estates/${g.estateId}/transition`, { event: 'incapacity_ended' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().status).toBe('planning');
  });

  it('two people ending it at once: it ends once, the other is told it is already over (409)', async () => {
    const f = await family();
    await chooseDocuments(f);
    await enterIncapacity(f);
    const results = await Promise.all([
      injectAs(t, f.s.owner, 'POST', '/api/v1/incapacity/end'),
      injectAs(t, f.s.trustee, 'POST', `/api/v1/estates/${f.estateId}/incapacity/end`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ended = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'incapacity.ended'), eq(auditLog.estateId, f.estateId)));
    expect(ended).toHaveLength(1);
  });

  it('cannot be ended when the estate is not in incapacity mode (409), and a death report still goes to activation as before', async () => {
    const f = await family();
    expect((await injectAs(t, f.s.owner, 'POST', '/api/v1/incapacity/end')).statusCode).toBe(409);
    expect((await injectAs(t, f.s.trustee, 'POST', `/api/v1/estates/${f.estateId}/incapacity/end`)).statusCode).toBe(409);
    const parts: FormPart[] = [
      { name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Daughter' }) },
      { name: 'death_certificate', filename: 'c.pdf', data: makePdf('Certificate'), contentType: 'application/pdf' },
    ];
    const { payload, headers } = multipartBody(parts);
    expect((await injectAs(t, f.s.chosen, 'POST', `/api/v1/estates/${f.estateId}/reports`, payload, { headers })).statusCode).toBe(201);
    await passSafeguards(f);
    const pending = (await injectAs(t, f.s.admin, 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${f.estateId}`)).json().items as { id: string }[];
    for (const item of pending) await injectAs(t, f.s.admin, 'POST', `/api/v1/estate-admin/verifications/${item.id}/approve`);
    expect(await statusOf(f.estateId)).toBe('activation_pending');
    expect(await t.db.select().from(beneficiaries).where(eq(beneficiaries.estateId, f.estateId))).toHaveLength(4);
  });
});
