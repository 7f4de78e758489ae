import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { makePdf, multipartBody, type FormPart } from '../../../../test/factories/files.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, emailsTo, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateAlerts, estateReports } from '../../db/schema/lifecycle.ts';
import { trusteeRequests } from '../../db/schema/report-safeguards.ts';
import { estateTrustees } from '../../db/schema/safeguards.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const pdf: FormPart = { name: 'death_certificate', filename: 'certificate.pdf', data: makePdf('Certificate'), contentType: 'application/pdf' };
const as = async (u: { id: string }, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) => injectAs(t, await sessionFor(t, u), method, url, body);

/** An owner with a reporter (beneficiary), an administrator, three more beneficiaries named trustees in order (2 of 3). */
async function family(options: { trustees?: number; quorum?: number; reporterIsTrustee?: boolean; vetoDays?: number } = {}) {
  const team = await insertEstateWithTeam(t.db);
  const trustees: InsertedUser[] = [];
  for (let i = 0; i < (options.trustees ?? 3); i++) {
    const u = await insertUser(t.db, { roles: ['beneficiary'] });
    await insertBeneficiary(t.db, team.owner.estateId!, { userId: u.id, email: u.email, relationship: 'Friend' });
    trustees.push(u);
  }
  const ids = [...(options.reporterIsTrustee ? [team.reporter.id] : []), ...trustees.map((u) => u.id)];
  if (ids.length) expect((await as(team.owner, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: ids })).statusCode).toBe(200);
  const rules = { quorumRequired: options.quorum ?? Math.min(2, ids.length || 1), vetoDays: options.vetoDays ?? 7, trusteeResponseHours: 72 };
  const patch = ids.length ? rules : { vetoDays: rules.vetoDays };
  expect((await as(team.owner, 'PATCH', '/api/v1/release-safeguards/rules', patch)).statusCode).toBe(200);
  return { ...team, trustees };
}
type Family = Awaited<ReturnType<typeof family>>;

async function reportDeath(f: Family) {
  const { payload, headers } = multipartBody([{ name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Daughter' }) }, pdf]);
  const res = await injectAs(t, await sessionFor(t, f.reporter), 'POST', `/api/v1/estates/${f.owner.estateId}/reports`, payload, { headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; items: { id: string }[]; safeguards: { windowEndsAt: string; quorumNeeded: number; countdown: string } };
}
const answer = (u: { id: string }, reportId: string, a: 'confirm' | 'deny') => as(u, 'POST', `/api/v1/trustee/reports/${reportId}/answer`, { answer: a });
const askedOf = async (reportId: string) =>
  (await t.db.select().from(trusteeRequests).where(eq(trusteeRequests.reportId, reportId))).map((r) => ({ userId: r.userId, round: r.round, answer: r.answer, passedOver: r.passedOverAt !== null }));
const statusOf = async (estateId: string) => (await t.db.select({ s: estates.status }).from(estates).where(eq(estates.id, estateId)))[0]!.s;
const approve = (f: Family, itemId: string) => as(f.administrator, 'POST', `/api/v1/estate-admin/verifications/${itemId}/approve`);
const activate = (f: Family) => as(f.administrator, 'POST', `/api/v1/estate-admin/estates/${f.owner.estateId}/transition`, { event: 'activated' });

describe('trustee quorum', () => {
  it('asks the first two in line, shows each their question and countdown; another estate’s trustee cannot answer', async () => {
    const f = await family();
    const r = await reportDeath(f);
    expect(r.safeguards).toMatchObject({ quorumNeeded: 2, windowEndsAt: '2026-11-27T10:00:00.000Z' });
    expect(r.safeguards.countdown).toBe('Nothing can be released before 27 Nov 2026, 10:00 UTC — 7 days left');
    expect((await askedOf(r.id)).map((a) => a.userId).sort()).toEqual([f.trustees[0]!.id, f.trustees[1]!.id].sort());
    expect((await emailsTo(t, f.trustees[0]!.email)).some((m) => /please confirm or deny/.test(m.subject))).toBe(true);
    expect(await emailsTo(t, f.trustees[2]!.email).then((m) => m.some((x) => /please confirm/.test(x.subject)))).toBe(false);
    const list = (await as(f.trustees[0]!, 'GET', '/api/v1/trustee/reports')).json();
    expect(list.items[0]).toMatchObject({ reportId: r.id, canAnswer: true, reporterName: f.reporter.name, safeguards: { quorumNeeded: 2, confirmations: 0 } });
    // the third in line was not asked yet; someone else's trustee, the owner, the reporter: 404
    const other = await family();
    for (const who of [f.trustees[2]!, other.trustees[0]!, f.owner, f.reporter, f.administrator]) {
      expect((await answer(who, r.id, 'confirm')).statusCode).toBe(404);
    }
    expect((await as(other.trustees[0]!, 'GET', '/api/v1/trustee/reports')).json()).toEqual({ items: [], nextCursor: null });
    expect((await as(f.trustees[0]!, 'POST', `/api/v1/trustee/reports/${r.id}/answer`, { answer: 'maybe' })).statusCode).toBe(400);
  });

  it('refuses to verify the proofs until M confirm (409, nothing moves); parallel confirmations count once each', async () => {
    const f = await family();
    const r = await reportDeath(f);
    const early = await approve(f, r.items[0]!.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/trustees must confirm this report first: 0 of the 2/);
    expect(await statusOf(f.owner.estateId!)).toBe('verification_pending');

    const twice = await Promise.all([answer(f.trustees[0]!, r.id, 'confirm'), answer(f.trustees[0]!, r.id, 'confirm'), answer(f.trustees[0]!, r.id, 'confirm')]);
    expect(twice.map((x) => x.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await approve(f, r.items[0]!.id)).json().error.message).toMatch(/1 of the 2/);
    const second = await answer(f.trustees[1]!, r.id, 'confirm');
    expect(second.statusCode).toBe(200);
    // the answer gives back the report as the trustee's list shows it now
    expect(second.json()).toMatchObject({ reportId: r.id, myAnswer: 'confirmed', canAnswer: false, safeguards: { confirmations: 2 } });
    const ok = await approve(f, r.items[0]!.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(f.owner.estateId!)).toBe('activation_pending');
  });

  it('passes over a trustee who does not answer in time and asks the next, exactly once even if the job runs twice', async () => {
    const f = await family();
    const r = await reportDeath(f);
    await answer(f.trustees[1]!, r.id, 'confirm');
    t.clock.advance(71 * HOUR);
    await t.app.deps.jobs.runDue();
    expect((await askedOf(r.id)).filter((a) => a.passedOver)).toEqual([]);
    t.clock.advance(1 * HOUR);
    await Promise.all([t.app.deps.jobs.runDue(), t.app.deps.jobs.runDue()]);
    await t.app.deps.jobs.runDue();
    const asks = await askedOf(r.id);
    expect(asks.filter((a) => a.passedOver).map((a) => a.userId)).toEqual([f.trustees[0]!.id]);
    expect(asks.filter((a) => a.userId === f.trustees[2]!.id)).toHaveLength(1);
    // too late for the one passed over
    expect((await answer(f.trustees[0]!, r.id, 'confirm')).statusCode).toBe(409);
    expect((await answer(f.trustees[2]!, r.id, 'confirm')).statusCode).toBe(200);
    expect((await approve(f, r.items[0]!.id)).statusCode).toBe(200);
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
  });

  it('the reporter never counts, even when named a trustee; a denial asks the next and alerts the administrator', async () => {
    const f = await family({ reporterIsTrustee: true, quorum: 2 });
    const r = await reportDeath(f);
    expect((await askedOf(r.id)).map((a) => a.userId)).not.toContain(f.reporter.id);
    expect((await answer(f.reporter, r.id, 'confirm')).statusCode).toBe(403);
    expect((await answer(f.trustees[0]!, r.id, 'deny')).statusCode).toBe(200);
    expect((await askedOf(r.id)).map((a) => a.userId)).toContain(f.trustees[2]!.id);
    const alerts = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!));
    expect(alerts.some((a) => a.priority === 'high' && /denied the report/.test(a.message))).toBe(true);
  });

  it('an exhausted line alerts the administrator and asks again from the top; it never skips the quorum', async () => {
    const f = await family({ quorum: 3 });
    const r = await reportDeath(f);
    await answer(f.trustees[0]!, r.id, 'confirm');
    t.clock.advance(73 * HOUR);
    await t.app.deps.jobs.runDue();
    const asks = await askedOf(r.id);
    expect(asks.filter((a) => a.round === 2).map((a) => a.userId).sort()).toEqual([f.trustees[1]!.id, f.trustees[2]!.id].sort());
    const alerts = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!));
    expect(alerts.some((a) => /asked again from the top/.test(a.message))).toBe(true);
    expect((await approve(f, r.items[0]!.id)).statusCode).toBe(409);
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
  });

  it('no trustees named: no quorum step, verification as before', async () => {
    const f = await family({ trustees: 0 });
    const r = await reportDeath(f);
    expect(r.safeguards.quorumNeeded).toBe(0);
    expect((await approve(f, r.items[0]!.id)).statusCode).toBe(200);
  });

  it('tells each trustee once a year that they are one, exactly once per year', async () => {
    const f = await family({ trustees: 1, quorum: 1 });
    const yearly = async () => (await emailsTo(t, f.trustees[0]!.email)).filter((m) => /still one of/.test(m.subject)).length;
    t.clock.advance(364 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await yearly()).toBe(0);
    t.clock.advance(2 * DAY);
    await Promise.all([t.app.deps.jobs.runDue(), t.app.deps.jobs.runDue()]);
    await t.app.deps.jobs.runDue();
    expect(await yearly()).toBe(1);
    t.clock.advance(200 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await yearly()).toBe(1);
    const [row] = await t.db.select().from(estateTrustees).where(eq(estateTrustees.userId, f.trustees[0]!.id));
    expect(row!.lastRemindedAt).not.toBeNull();
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
  });
});

describe('veto window', () => {
  it('refuses activation before the window ends, whoever approved; nothing is released; then activates', async () => {
    const f = await family({ trustees: 0, vetoDays: 2 });
    const memory = await insertMemory(t.app.deps, f.owner.estateId!, { title: 'For after', shareAll: true, release: 'after_activation' });
    const sees = async () => (await as(f.reporter, 'GET', `/api/v1/shared/memories/${memory.id}`)).statusCode;
    const r = await reportDeath(f);
    expect((await approve(f, r.items[0]!.id)).statusCode).toBe(200);
    const early = await activate(f);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/Nothing can be released before 22 Nov 2026, 10:00 UTC — 2 days left/);
    expect(await statusOf(f.owner.estateId!)).toBe('activation_pending');
    expect(await sees()).toBe(404);
    const detail = (await as(f.administrator, 'GET', `/api/v1/estate-admin/estates/${f.owner.estateId}`)).json();
    expect(detail.report.safeguards.countdown).toBe('Nothing can be released before 22 Nov 2026, 10:00 UTC — 2 days left');
    const owner = (await as(f.owner, 'GET', '/api/v1/estate/lifecycle')).json();
    expect(owner.openReport.safeguards).toMatchObject({ windowOver: false, windowEndsAt: '2026-11-22T10:00:00.000Z' });
    // the reporter sees the same countdown beside "A report has been verified"
    const reportable = (await as(f.reporter, 'GET', '/api/v1/reportable-estates')).json().items as { estateId: string; safeguards: { countdown: string } | null }[];
    expect(reportable.find((e) => e.estateId === f.owner.estateId)?.safeguards?.countdown).toBe('Nothing can be released before 22 Nov 2026, 10:00 UTC — 2 days left');
    t.clock.advance(2 * DAY - 1000);
    expect((await activate(f)).statusCode).toBe(409);
    expect(await sees()).toBe(404);
    t.clock.advance(1000);
    expect((await activate(f)).statusCode).toBe(200);
    expect(await sees()).toBe(200);
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
  });

  it('the specific-date sweep does not activate before the window ends either', async () => {
    const f = await family({ trustees: 0, vetoDays: 14 });
    const r = await reportDeath(f);
    await t.db.update(estates).set({ activationCondition: 'specific_date', activationDate: '2026-11-22' }).where(eq(estates.id, f.owner.estateId!));
    expect((await approve(f, r.items[0]!.id)).statusCode).toBe(200);
    t.clock.advance(3 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await statusOf(f.owner.estateId!)).toBe('activation_pending');
    t.clock.advance(11 * DAY);
    await t.app.deps.jobs.runDue();
    expect(await statusOf(f.owner.estateId!)).toBe('active');
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
  });

  it('reminds the owner once a day, even run twice, and once (not twice) after a missed day; stops when the window ends', async () => {
    const f = await family({ trustees: 0, vetoDays: 7 });
    await reportDeath(f);
    const reminders = async () => (await emailsTo(t, f.owner.email)).filter((m) => /is waiting — cancel it/.test(m.subject)).length;
    expect(await reminders()).toBe(1);
    await Promise.all([t.app.deps.jobs.runDue(), t.app.deps.jobs.runDue()]);
    expect(await reminders()).toBe(1);
    t.clock.advance(DAY);
    await Promise.all([t.app.deps.jobs.runDue(), t.app.deps.jobs.runDue()]);
    expect(await reminders()).toBe(2);
    t.clock.advance(2 * DAY); // a day missed
    await t.app.deps.jobs.runDue();
    await t.app.deps.jobs.runDue();
    expect(await reminders()).toBe(3);
    t.clock.advance(5 * DAY); // past the window
    await t.app.deps.jobs.runDue();
    expect(await reminders()).toBe(3);
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
  });

  it('the emailed cancel link: reading it changes nothing, one POST cancels once, a used or expired link is refused', async () => {
    const f = await family();
    const r = await reportDeath(f);
    const mail = (await emailsTo(t, f.owner.email)).find((m) => /is waiting — cancel it/.test(m.subject))!;
    const token = /\/cancel-report#([\w-]+)/.exec(mail.text)![1]!;
    const anon = (url: string, body: unknown) => new Browser(t, '10.9.0.1').call('POST', url, body);
    const preview = await anon('/api/v1/veto-links/preview', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ ownerName: f.owner.name, event: 'death' });
    await anon('/api/v1/veto-links/preview', { token });
    expect(await statusOf(f.owner.estateId!)).toBe('verification_pending');
    const both = await Promise.all([anon('/api/v1/veto-links/cancel', { token }), anon('/api/v1/veto-links/cancel', { token })]);
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 404]);
    expect(await statusOf(f.owner.estateId!)).toBe('planning');
    const [report] = await t.db.select().from(estateReports).where(and(eq(estateReports.id, r.id)));
    expect(report!.status).toBe('withdrawn');
    // a trustee can no longer answer a withdrawn report
    expect((await answer(f.trustees[0]!, r.id, 'confirm')).statusCode).toBe(409);
    expect((await anon('/api/v1/veto-links/cancel', { token: 'x'.repeat(43) })).statusCode).toBe(404);

    const g = await family();
    await reportDeath(g);
    const gToken = /\/cancel-report#([\w-]+)/.exec((await emailsTo(t, g.owner.email)).find((m) => /is waiting/.test(m.subject))!.text)![1]!;
    t.clock.advance(49 * HOUR);
    expect((await anon('/api/v1/veto-links/cancel', { token: gToken })).statusCode).toBe(404);
    expect(await statusOf(g.owner.estateId!)).toBe('verification_pending');
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
  });
});
