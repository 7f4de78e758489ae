import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstateWithTeam } from '../../../test/factories/lifecycle.ts';
import { makeExe, makePdf, makePhoto, multipartBody, type FormPart } from '../../../test/factories/files.ts';
import { insertDocument } from '../../../test/factories/documents.ts';
import { insertMemory } from '../../../test/factories/memories.ts';
import { endVetoWindow } from '../../../test/factories/safeguards.ts';
import { insertUser } from '../../../test/factories/users.ts';
import { buildTestApp, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../test/walk-pages.ts';
import { estates } from '../db/schema/estates.ts';
import { estateAlerts } from '../db/schema/lifecycle.ts';
import { notifications } from '../db/schema/messages.ts';
import { auditLog } from '../db/schema/system.ts';
import { encodeCursor } from '../../core/keyset.schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
type Team = Awaited<ReturnType<typeof insertEstateWithTeam>> & { reporterS: TestSession; ownerS: TestSession; adminS: TestSession };

async function team(ownerOverrides: Parameters<typeof insertEstateWithTeam>[1] = {}): Promise<Team> {
  const family = await insertEstateWithTeam(t.db, ownerOverrides);
  return {
    ...family,
    reporterS: await sessionFor(t, family.reporter),
    ownerS: await sessionFor(t, family.owner),
    adminS: await sessionFor(t, family.administrator),
  };
}

const data = (fields: Record<string, unknown>): FormPart => ({ name: 'data', value: JSON.stringify(fields) });
const pdf = (name: string, type = 'death_certificate'): FormPart => ({ name: type, filename: `${name}.pdf`, data: makePdf(name), contentType: 'application/pdf' });

function report(s: TestSession, estateId: string, parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return injectAs(t, s, 'POST', `/api/v1/estates/${estateId}/reports`, payload, { headers });
}
const reportDeath = (f: Team, parts: FormPart[] = [pdf('Death certificate')]) =>
  report(f.reporterS, f.owner.estateId!, [data({ event: 'death', relationship: 'Daughter', eventDate: '2026-11-20' }), ...parts]);
const statusOf = async (estateId: string) => (await t.db.select({ s: estates.status }).from(estates).where(eq(estates.id, estateId)))[0]!.s;
const pendingItems = async (f: Team) =>
  (await injectAs(t, await sessionFor(t, f.administrator), 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${f.owner.estateId}`)).json()
    .items as { id: string }[];

describe('reporting a passing', () => {
  it('records the report and its proof, moves the estate to verification, alerts the administrator and tells the owner', async () => {
    const f = await team();
    const res = await reportDeath(f, [pdf('Death certificate'), pdf('Will', 'will')]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ event: 'death', relationship: 'Daughter', status: 'open' });
    expect(res.json().items.map((i: { documentLabel: string; status: string }) => `${i.documentLabel}: ${i.status}`).sort()).toEqual([
      'Death Certificate: pending',
      'Last Will and Testament: pending',
    ]);
    expect(await statusOf(f.owner.estateId!)).toBe('verification_pending');
    const [alert] = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!));
    expect(alert).toMatchObject({ type: 'verification', priority: 'high', status: 'unread' });
    expect((await emailsTo(t, f.owner.email)).map((m) => m.kind)).toContain('estate-lifecycle');
    const lifecycle = (await injectAs(t, f.ownerS, 'GET', '/api/v1/estate/lifecycle')).json();
    expect(lifecycle).toMatchObject({ status: 'verification_pending', openReport: { reporterName: f.reporter.name, relationship: 'Daughter' } });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'estate.status_changed'), eq(auditLog.estateId, f.owner.estateId!)));
    expect(entry?.details).toEqual({ event: 'report_submitted', from: 'planning', to: 'verification_pending' });
  });

  it('is 404 for someone not linked to the estate, and 409 when a report is already open', async () => {
    const f = await team();
    const stranger = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    const refused = await report(stranger, f.owner.estateId!, [data({ event: 'death', relationship: 'Friend' }), pdf('x')]);
    expect(refused.statusCode).toBe(404);
    expect(await statusOf(f.owner.estateId!)).toBe('planning');
    expect((await reportDeath(f)).statusCode).toBe(201);
    const again = await reportDeath(f);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/Verification Pending/);
  });

  it('refuses bad input and changes nothing: no proof, a proof that is not a PDF or image, an unknown document type', async () => {
    const f = await team();
    const none = await report(f.reporterS, f.owner.estateId!, [data({ event: 'death', relationship: 'Daughter' })]);
    expect(none.statusCode).toBe(400);
    const exe = await report(f.reporterS, f.owner.estateId!, [data({ event: 'death', relationship: 'Daughter' }), { name: 'death_certificate', filename: 'cert.pdf', data: makeExe() }]);
    expect(exe.statusCode).toBe(415);
    const unknown = await report(f.reporterS, f.owner.estateId!, [data({ event: 'death', relationship: 'Daughter' }), pdf('x', 'selfie')]);
    expect(unknown.statusCode).toBe(400);
    const noRelationship = await report(f.reporterS, f.owner.estateId!, [data({ event: 'death', relationship: '' }), pdf('x')]);
    expect(noRelationship.statusCode).toBe(400);
    expect(await statusOf(f.owner.estateId!)).toBe('planning');
    const photo = await report(f.reporterS, f.owner.estateId!, [data({ event: 'death', relationship: 'Daughter' }), { name: 'death_certificate', filename: 'scan.png', data: await makePhoto('#888', 200, 200, 'png') }]);
    expect(photo.statusCode, photo.body).toBe(201);
  });

  it('lets the owner withdraw it: back to planning, the reporter and the administrator are told, nothing is released', async () => {
    const f = await team();
    const created = (await reportDeath(f)).json();
    const res = await injectAs(t, f.ownerS, 'POST', `/api/v1/estate/reports/${created.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'planning', openReport: null });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, f.reporter.id));
    expect(told.map((n) => n.message).join('\n')).toMatch(/withdrew the report/);
    expect((await pendingItems(f)).length).toBe(0);
    expect((await injectAs(t, f.ownerS, 'POST', `/api/v1/estate/reports/${created.id}/withdraw`)).statusCode).toBe(409);
    const other = await team();
    expect((await injectAs(t, other.ownerS, 'POST', `/api/v1/estate/reports/${created.id}/withdraw`)).statusCode).toBe(404);
  });
});

describe('verification', () => {
  it('only the estate’s own administrator sees, previews, approves; the required document verified → activation pending', async () => {
    const f = await team();
    await reportDeath(f, [pdf('Death certificate'), pdf('Will', 'will')]);
    const outsider = await team();
    const items = await pendingItems(f);
    expect(items).toHaveLength(2);
    const cert = items.find((i) => (i as unknown as { documentType: string }).documentType === 'death_certificate')!;
    expect((await injectAs(t, outsider.adminS, 'POST', `/api/v1/estate-admin/verifications/${cert.id}/approve`)).statusCode).toBe(404);
    expect((await injectAs(t, outsider.adminS, 'GET', `/api/v1/estate-admin/estates/${f.owner.estateId}`)).statusCode).toBe(404);
    expect((await injectAs(t, f.reporterS, 'POST', `/api/v1/estate-admin/verifications/${cert.id}/approve`)).statusCode).toBe(403);

    const preview = await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${cert.id}/preview`);
    expect(preview.statusCode).toBe(200);
    const { url } = preview.json();
    const doc = await injectAs(t, f.adminS, 'GET', url);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await injectAs(t, outsider.adminS, 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(t, null, 'GET', url)).statusCode).toBe(401);
    t.clock.advance(6 * 60_000);
    expect((await injectAs(t, f.adminS, 'GET', url)).statusCode).toBe(404);

    const approved = await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${cert.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'verified', priority: 'completed' });
    expect(await statusOf(f.owner.estateId!)).toBe('activation_pending');
    const twice = await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${cert.id}/approve`);
    expect(twice.statusCode).toBe(409);
  });

  it('a rejection needs a reason and tells the reporter; every proof rejected sends the estate back to planning', async () => {
    const f = await team();
    await reportDeath(f);
    const [item] = await pendingItems(f);
    expect((await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${item!.id}/reject`, { reason: '' })).statusCode).toBe(400);
    expect((await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${item!.id}/reject`, {})).statusCode).toBe(400);
    expect(await statusOf(f.owner.estateId!)).toBe('verification_pending');
    const rejected = await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${item!.id}/reject`, { reason: 'The scan is unreadable' });
    expect(rejected.statusCode).toBe(200);
    expect(await statusOf(f.owner.estateId!)).toBe('planning');
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, f.reporter.id));
    expect(told.map((n) => n.message).join('\n')).toContain('The scan is unreadable');
  });

  it('two approvals at once: the item is reviewed once', async () => {
    const f = await team();
    await reportDeath(f);
    const [item] = await pendingItems(f);
    const results = await Promise.all([1, 2, 3].map(() => injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${item!.id}/approve`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await statusOf(f.owner.estateId!)).toBe('activation_pending');
  });

  it('raises one high-priority alert for a proof not reviewed within the timeout', async () => {
    const f = await team();
    await reportDeath(f);
    t.clock.advance(47 * 60 * 60_000);
    await t.app.deps.jobs.runDue();
    const before = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!));
    t.clock.advance(2 * 60 * 60_000);
    await t.app.deps.jobs.runDue();
    await t.app.deps.jobs.runDue();
    const after = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!));
    expect(after.length - before.length).toBe(1);
    expect(after.find((a) => a.message.includes('verification timeout'))).toMatchObject({ priority: 'high' });
    const [item] = await pendingItems(f);
    expect((item as unknown as { priority: string }).priority).toBe('high');
  });
});

describe('activation and release', () => {
  async function verified(f: Team) {
    await reportDeath(f);
    const [item] = await pendingItems(f);
    await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${item!.id}/approve`);
    // the owner's veto window (issue 13) is tested in release-safeguards/; here it has already run out
    await endVetoWindow(t.db, f.owner.estateId!, t.clock.now());
  }

  it('cannot skip a step: activation is refused before verification, with the allowed next state named', async () => {
    const f = await team();
    const early = await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/estates/${f.owner.estateId}/transition`, { event: 'activated' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/This estate is Planning.*Verification Pending/);
    expect(await statusOf(f.owner.estateId!)).toBe('planning');
  });

  it('the administrator activates; after-activation content opens to the beneficiary only then; the owner can no longer withdraw', async () => {
    const f = await team();
    const memory = await insertMemory(t.app.deps, f.owner.estateId!, { title: 'For after', shareAll: true, release: 'after_activation' });
    const sees = async () => (await injectAs(t, f.reporterS, 'GET', `/api/v1/shared/memories/${memory.id}`)).statusCode;
    expect(await sees()).toBe(404);
    await verified(f);
    expect(await sees()).toBe(404);
    const res = await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/estates/${f.owner.estateId}/transition`, { event: 'activated' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', allowedEvents: [] });
    expect(await sees()).toBe(200);
    const lifecycle = (await injectAs(t, f.ownerS, 'GET', '/api/v1/estate/lifecycle')).json();
    expect(lifecycle).toMatchObject({ status: 'active', openReport: null });
  });

  it('the owner can still withdraw a verified report while the estate awaits activation, and not once it is active', async () => {
    const f = await team();
    await verified(f);
    const pending = (await injectAs(t, f.ownerS, 'GET', '/api/v1/estate/lifecycle')).json();
    expect(pending).toMatchObject({ status: 'activation_pending', openReport: { status: 'verified' } });
    const withdrawn = await injectAs(t, f.ownerS, 'POST', `/api/v1/estate/reports/${pending.openReport.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(await statusOf(f.owner.estateId!)).toBe('planning');

    const g = await team();
    await verified(g);
    const report = (await injectAs(t, g.ownerS, 'GET', '/api/v1/estate/lifecycle')).json().openReport;
    await injectAs(t, g.adminS, 'POST', `/api/v1/estate-admin/estates/${g.owner.estateId}/transition`, { event: 'activated' });
    const late = await injectAs(t, g.ownerS, 'POST', `/api/v1/estate/reports/${report.id}/withdraw`);
    expect(late.statusCode).toBe(409);
    expect(await statusOf(g.owner.estateId!)).toBe('active');
  });

  it('gradual release: documents at activation, memories a week later (the sweep opens them)', async () => {
    const f = await team();
    await t.db.update(estates).set({ releaseSchedule: 'gradual' }).where(eq(estates.id, f.owner.estateId!));
    const memory = await insertMemory(t.app.deps, f.owner.estateId!, { title: 'Later', shareAll: true, release: 'after_activation' });
    await verified(f);
    await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/estates/${f.owner.estateId}/transition`, { event: 'activated' });
    // the clock moves days: a fresh session per look
    const sees = async () => (await injectAs(t, await sessionFor(t, f.reporter), 'GET', `/api/v1/shared/memories/${memory.id}`)).statusCode;
    expect(await sees()).toBe(404);
    t.clock.advance(6 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await sees()).toBe(404);
    t.clock.advance(1 * DAY + 60_000);
    await t.app.deps.jobs.runDue();
    expect(await sees()).toBe(200);
  });

  it("release on the owner's dates: documents on the first, memories on the second", async () => {
    const f = await team();
    const day = (n: number) => new Date(t.clock.now().getTime() + n * DAY).toISOString().slice(0, 10);
    await t.db.update(estates).set({ releaseSchedule: 'specific_dates', releaseDates: [day(10), day(3)] }).where(eq(estates.id, f.owner.estateId!));
    const doc = await insertDocument(t.app.deps, f.owner.estateId!, { title: 'Deed', shareAll: true, release: 'after_activation' });
    const memory = await insertMemory(t.app.deps, f.owner.estateId!, { title: 'Later', shareAll: true, release: 'after_activation' });
    await verified(f);
    await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/estates/${f.owner.estateId}/transition`, { event: 'activated' });
    const sees = async () => {
      const s = await sessionFor(t, f.reporter);
      return [
        (await injectAs(t, s, 'GET', `/api/v1/shared/files/${doc.fileId}`)).statusCode,
        (await injectAs(t, s, 'GET', `/api/v1/shared/memories/${memory.id}`)).statusCode,
      ];
    };
    expect(await sees()).toEqual([404, 404]);
    t.clock.advance(4 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await sees()).toEqual([200, 404]);
    t.clock.advance(7 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await sees()).toEqual([200, 200]);
  });

  it('"On specific date": only the scheduler activates, on that date, and only after verification', async () => {
    const f = await team();
    const date = new Date(t.clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10);
    await t.db.update(estates).set({ activationCondition: 'specific_date', activationDate: date }).where(eq(estates.id, f.owner.estateId!));
    await verified(f);
    const byHand = await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/estates/${f.owner.estateId}/transition`, { event: 'activated' });
    expect(byHand.statusCode).toBe(409);
    t.clock.advance(5 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await statusOf(f.owner.estateId!)).toBe('activation_pending');
    t.clock.advance(6 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await statusOf(f.owner.estateId!)).toBe('active');
  });
});

/** The administrator also requires a will (their settings). */
const requireTheWillToo = (f: Team) =>
  injectAs(t, f.adminS, 'PUT', '/api/v1/estate-admin/settings', {
    alerts: { verification: true, activation: true, security: true, document: true },
    emailNotifications: true,
    verificationTimeout: '48h',
    requiredDocuments: ['Death Certificate', 'Last Will and Testament'],
  });

describe('what a report must prove (the review’s findings)', () => {
  it('follows the owner’s activation condition: no incapacity report where release is upon death; medical proof for an incapacity', async () => {
    const f = await team();
    const incapacity = (type: string) => report(f.reporterS, f.owner.estateId!, [data({ event: 'incapacity', relationship: 'Daughter' }), pdf('Proof', type)]);
    const refused = await incapacity('medical');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ event: expect.any(String) });
    await t.db.update(estates).set({ activationCondition: 'upon_incapacitation' }).where(eq(estates.id, f.owner.estateId!));
    const noMedical = await incapacity('death_certificate');
    expect(noMedical.statusCode).toBe(400);
    expect(noMedical.json().error.fields).toEqual({ medical: 'Required for this estate' });
    expect((await incapacity('medical')).statusCode).toBe(201);
  });

  it('needs every required proof in the report, and a date not in the future', async () => {
    const f = await team();
    await requireTheWillToo(f);
    const noWill = await reportDeath(f);
    expect(noWill.statusCode).toBe(400);
    expect(noWill.json().error.fields).toEqual({ will: 'Required for this estate' });
    const future = await report(f.reporterS, f.owner.estateId!, [data({ event: 'death', relationship: 'Daughter', eventDate: '2999-01-01' }), pdf('c'), pdf('w', 'will')]);
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ eventDate: expect.any(String) });
    expect(await statusOf(f.owner.estateId!)).toBe('planning');
  });

  it('does not get stuck: a rejected required proof sends the estate back to planning even when another was verified', async () => {
    const f = await team();
    await requireTheWillToo(f);
    expect((await reportDeath(f, [pdf('Certificate'), pdf('Will', 'will')])).statusCode).toBe(201);
    const items = (await pendingItems(f)) as unknown as { id: string; documentType: string }[];
    await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${items.find((i) => i.documentType === 'will')!.id}/approve`);
    expect(await statusOf(f.owner.estateId!)).toBe('verification_pending');
    await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${items.find((i) => i.documentType === 'death_certificate')!.id}/reject`, { reason: 'Not certified' });
    expect(await statusOf(f.owner.estateId!)).toBe('planning');
    expect((await reportDeath(f, [pdf('Certified copy'), pdf('Will', 'will')])).statusCode).toBe(201);
  });

  it('records the date of death only once the certificate is verified; a withdrawn report leaves nothing to preview and never told the family', async () => {
    const f = await team();
    const created = (await reportDeath(f)).json();
    expect((await t.db.select({ d: estates.dateOfDeath }).from(estates).where(eq(estates.id, f.owner.estateId!)))[0]!.d).toBeNull();
    const [item] = await pendingItems(f);
    const { url } = (await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${item!.id}/preview`)).json();
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, f.reporter.id))).map((n) => n.message).join()).not.toMatch(/has been received/);
    await injectAs(t, f.ownerS, 'POST', `/api/v1/estate/reports/${created.id}/withdraw`);
    expect((await injectAs(t, f.adminS, 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${item!.id}/preview`)).statusCode).toBe(404);

    const g = await team();
    await reportDeath(g);
    const [certificate] = await pendingItems(g);
    await injectAs(t, g.adminS, 'POST', `/api/v1/estate-admin/verifications/${certificate!.id}/approve`);
    expect((await t.db.select({ d: estates.dateOfDeath }).from(estates).where(eq(estates.id, g.owner.estateId!)))[0]!.d).toBe('2026-11-20');
  });

  it('answers hostile input with 400, never 500: a cut-off upload, a multipart without boundary, a forged cursor', async () => {
    const f = await team();
    const { payload, headers } = multipartBody([data({ event: 'death', relationship: 'Daughter' }), pdf('Certificate')]);
    const cut = await injectAs(t, f.reporterS, 'POST', `/api/v1/estates/${f.owner.estateId}/reports`, payload.subarray(0, payload.length - 200), { headers });
    expect(cut.statusCode).toBe(400);
    const noBoundary = await injectAs(t, f.reporterS, 'POST', `/api/v1/estates/${f.owner.estateId}/reports`, payload, { headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBeLessThan(500);
    for (const cursor of [encodeCursor(['+275760-09-13T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']), encodeCursor(['10000-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']), 'garbage']) {
      const res = await injectAs(t, f.adminS, 'GET', `/api/v1/estate-admin/verifications?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.fields, cursor).toHaveProperty('cursor');
    }
    expect(await statusOf(f.owner.estateId!)).toBe('planning');
  });
});

describe('four eyes and read-only views', () => {
  it('an administrator who reported the passing cannot verify their own proof', async () => {
    const f = await team();
    const res = await report(f.adminS, f.owner.estateId!, [data({ event: 'death', relationship: 'Estate Administrator' }), pdf('Certificate')]);
    expect(res.statusCode, res.body).toBe(201);
    const [item] = await pendingItems(f);
    const own = await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${item!.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toMatch(/another estate administrator/);
    expect(await statusOf(f.owner.estateId!)).toBe('verification_pending');
  });

  it('shows the administrator a beneficiary’s View Access, only for the estates they administer', async () => {
    const f = await team();
    const res = await injectAs(t, f.adminS, 'GET', `/api/v1/estate-admin/estates/${f.owner.estateId}/beneficiaries/${f.beneficiary.id}/access`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estateStatus: 'planning', memories: { shared: 0, visibleNow: 0 } });
    const outsider = await team();
    expect((await injectAs(t, outsider.adminS, 'GET', `/api/v1/estate-admin/estates/${f.owner.estateId}/beneficiaries/${f.beneficiary.id}/access`)).statusCode).toBe(404);
    expect((await injectAs(t, f.adminS, 'GET', `/api/v1/estate-admin/estates/${f.owner.estateId}/beneficiaries/${outsider.beneficiary.id}/access`)).statusCode).toBe(404);
  });
});

describe('alerts from real events', () => {
  it('a beneficiary fetching more than 200 different shared files within an hour after activation raises one security alert', async () => {
    const f = await team();
    const docs = await Promise.all(['Deed', 'Lease', 'Policy'].map((title) => insertDocument(t.app.deps, f.owner.estateId!, { title, shareAll: true })));
    await t.db.update(estates).set({ status: 'active', releaseStepsDone: 2, activatedAt: t.clock.now() }).where(eq(estates.id, f.owner.estateId!));
    const s = await sessionFor(t, f.reporter);
    const security = async () => (await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!))).filter((a) => a.type === 'security');
    // 199 earlier fetches of different files this hour (as the route records them), then more through the route
    const at = t.clock.now();
    await t.db.insert(auditLog).values(
      Array.from({ length: 199 }, () => ({ at, action: 'shared_file.downloaded', actorUserId: f.reporter.id, estateId: f.owner.estateId!, targetType: 'file', targetId: crypto.randomUUID() })),
    );
    const fetch = (i: number) => injectAs(t, s, 'GET', `/api/v1/shared/files/${docs[i]!.fileId}`);
    expect((await fetch(0)).statusCode).toBe(200);
    // the same file again (a video being sought, a re-download) is not another file
    await fetch(0);
    expect(await security()).toHaveLength(0);
    await fetch(1);
    await fetch(2);
    const raised = await security();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ priority: 'high', status: 'unread' });
  });
});

describe('the administrator’s screens', () => {
  it('lists only the estates they administer, with tiles; alerts move unread → in progress → resolved', async () => {
    const f = await team();
    await reportDeath(f);
    const page = (await injectAs(t, f.adminS, 'GET', '/api/v1/estate-admin/estates')).json();
    expect(page.items.map((e: { id: string }) => e.id)).toEqual([f.owner.estateId]);
    expect(page.tiles).toEqual({ total: 1, pendingVerification: 1, active: 0 });
    const alerts = (await injectAs(t, f.adminS, 'GET', '/api/v1/estate-admin/alerts')).json();
    expect(alerts.counts.unread).toBe(1);
    const id = alerts.items[0].id;
    expect((await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/alerts/${id}/take-action`)).json().status).toBe('in_progress');
    expect((await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/alerts/${id}/take-action`)).statusCode).toBe(409);
    expect((await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/alerts/${id}/resolve`)).json().status).toBe('resolved');
    const outsider = await team();
    expect((await injectAs(t, outsider.adminS, 'POST', `/api/v1/estate-admin/alerts/${id}/resolve`)).statusCode).toBe(404);
    const dashboard = (await injectAs(t, f.adminS, 'GET', '/api/v1/estate-admin/dashboard')).json();
    expect(dashboard.tiles).toMatchObject({ totalEstates: 1, pendingVerifications: 1, openAlerts: 0 });
  });

  it('pages the open alerts newest first, each once (ties on the same instant too), never another estate’s; a bad cursor or page size is 400', async () => {
    const f = await team();
    const other = await team();
    const at = new Date('2026-11-01T10:00:00.123Z');
    // five at the same instant, two older, one resolved (not in the open list), one on another estate
    const rows = [...Array(7).keys()].map((i) => ({
      estateId: f.owner.estateId!,
      type: 'security',
      message: `Alert ${i}`,
      priority: 'low',
      createdAt: i < 5 ? at : new Date(at.getTime() - i * DAY),
    }));
    await t.db.insert(estateAlerts).values([
      ...rows,
      { estateId: f.owner.estateId!, type: 'security', message: 'Done with', priority: 'low', status: 'resolved', createdAt: at },
      { estateId: other.owner.estateId!, type: 'security', message: 'Not yours', priority: 'high', createdAt: at },
    ]);
    const { items: seen, bodies } = await walkPages<{ id: string; message: string; time: string }, { counts: object }>(t, f.adminS, '/api/v1/estate-admin/alerts', 2);
    for (const body of bodies) expect(body.counts).toMatchObject({ unread: 7, resolved: 1 });
    expect(seen.map((a) => a.message).sort()).toEqual(rows.map((r) => r.message).sort());
    expect(new Set(seen.map((a) => a.id)).size).toBe(7);
    expect(seen.map((a) => a.time)).toEqual([...seen.map((a) => a.time)].sort().reverse());
    expect(seen.slice(5).map((a) => a.message)).toEqual(['Alert 5', 'Alert 6']);

    await expectPagingRefusals(t, f.adminS, '/api/v1/estate-admin/alerts', ['nonsense', encodeCursor(['2026-11-01T10:00:00.123Z', `${f.owner.estateId}x`])]);
    const theirs = (await injectAs(t, other.adminS, 'GET', '/api/v1/estate-admin/alerts')).json();
    expect(theirs.items.map((a: { message: string }) => a.message)).toEqual(['Not yours']);
    // the owner has no administrator's list at all
    expect((await injectAs(t, f.ownerS, 'GET', '/api/v1/estate-admin/alerts')).statusCode).toBe(403);
  });

  it('saves settings, refusing an empty list of required documents', async () => {
    const f = await team();
    const bad = await injectAs(t, f.adminS, 'PUT', '/api/v1/estate-admin/settings', {
      alerts: { verification: true, activation: true, security: false, document: true },
      emailNotifications: false,
      verificationTimeout: '24h',
      requiredDocuments: [],
    });
    expect(bad.statusCode).toBe(400);
    const ok = await injectAs(t, f.adminS, 'PUT', '/api/v1/estate-admin/settings', {
      alerts: { verification: true, activation: true, security: false, document: true },
      emailNotifications: false,
      verificationTimeout: '24h',
      requiredDocuments: ['Death Certificate', 'Last Will and Testament'],
    });
    expect(ok.statusCode).toBe(200);
    expect((await injectAs(t, f.adminS, 'GET', '/api/v1/estate-admin/settings')).json()).toMatchObject({ verificationTimeout: '24h', requiredDocuments: ['Death Certificate', 'Last Will and Testament'] });
    // now the will is required too: the certificate alone does not complete verification
    await reportDeath(f, [pdf('Death certificate'), pdf('Will', 'will')]);
    const items = await pendingItems(f);
    const cert = items.find((i) => (i as unknown as { documentType: string }).documentType === 'death_certificate')!;
    await injectAs(t, f.adminS, 'POST', `/api/v1/estate-admin/verifications/${cert.id}/approve`);
    expect(await statusOf(f.owner.estateId!)).toBe('verification_pending');
  });
});
