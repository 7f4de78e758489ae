import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { estateExecutors } from '../../db/schema/executors.ts';
import { estateAlerts } from '../../db/schema/lifecycle.ts';
import { notifications } from '../../db/schema/messages.ts';
import { estateSettlements, settlementDeadlines } from '../../db/schema/settlement.ts';
import { auditLog } from '../../db/schema/system.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { remindSettlementDeadlines } from './remind-deadlines.ts';

let t: TestApp;
type Family = Awaited<ReturnType<typeof insertEstateWithTeam>> & {
  estateId: string;
  adminS: TestSession;
  /** the executor: a digital-legacy beneficiary the owner named */
  execS: TestSession;
  /** a digital-legacy beneficiary who follows the executor's progress */
  follower: { id: string; email: string };
  followerS: TestSession;
  ownerS: TestSession;
};

/** An estate with an administrator, a named executor (a beneficiary) and a digital-legacy beneficiary who follows. */
async function family(): Promise<Family> {
  const f = await insertEstateWithTeam(t.db, { name: 'Margaret Ellis' });
  const estateId = f.owner.estateId!;
  await t.db.update(beneficiaries).set({ accessDigitalLegacy: true }).where(eq(beneficiaries.id, f.beneficiary.id));
  await t.db.insert(estateExecutors).values({ estateId, position: 'executor', userId: f.reporter.id, namedAt: t.clock.now() });
  const follower = await insertUser(t.db, { roles: ['beneficiary'] });
  await insertBeneficiary(t.db, estateId, { userId: follower.id, email: follower.email, accessDigitalLegacy: true });
  return {
    ...f,
    estateId,
    adminS: await sessionFor(t, f.administrator),
    execS: await sessionFor(t, f.reporter),
    follower,
    followerS: await sessionFor(t, follower),
    ownerS: await sessionFor(t, f.owner),
  };
}

const activate = (f: Family, dateOfDeath: string | null = null) =>
  t.db.update(estates).set({ status: 'active', activatedAt: t.clock.now(), dateOfDeath }).where(eq(estates.id, f.estateId));
const url = (f: Family) => `/api/v1/estates/${f.estateId}/deadlines`;
const settlementUrl = (f: Family) => `/api/v1/estates/${f.estateId}/settlement`;
const rowsOf = (f: Family) => t.db.select().from(settlementDeadlines).where(eq(settlementDeadlines.estateId, f.estateId)).orderBy(settlementDeadlines.dueOn);
type Row = { id: string; ruleKey: string | null; title: string; dueOn: string; status: string; sourceUrl: string | null; guidance: boolean; done: unknown };
const timeline = async (f: Family, s: TestSession) => (await injectAs(t, s, 'GET', url(f))).json().deadlines as Row[];

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('deadlines: who sees them', () => {
  it('do not exist before activation (404 for all); after it, the owner and strangers get no answer', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const f = await family();
    for (const s of [f.adminS, f.execS, f.followerS]) {
      expect((await injectAs(t, s, 'GET', url(f))).statusCode).toBe(404);
      expect((await injectAs(t, s, 'PUT', settlementUrl(f), { jurisdiction: 'us-federal', dateOfDeath: '2027-02-01' })).statusCode).toBe(404);
    }
    await activate(f);
    const g = await family();
    await activate(g);
    const stranger = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    for (const s of [f.ownerS, g.adminS, g.execS, stranger]) {
      const res = await injectAs(t, s, 'GET', url(f));
      expect(res.statusCode, res.body).toBe(404);
      expect((await injectAs(t, s, 'PUT', settlementUrl(f), { jurisdiction: 'us-federal', dateOfDeath: '2027-02-01' })).statusCode).toBeGreaterThanOrEqual(403);
    }
    expect(await t.db.select().from(estateSettlements).where(eq(estateSettlements.estateId, f.estateId))).toHaveLength(0);
  });

  it('after activation: the administrator and executor work them; the follower only reads (403 on every change)', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const f = await family();
    await activate(f, '2027-02-20');
    for (const s of [f.adminS, f.execS]) {
      const res = await injectAs(t, s, 'GET', url(f));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ownerName: 'Margaret Ellis', settlement: null, suggestedDateOfDeath: '2027-02-20', deadlines: [], canWork: true, today: '2027-03-01' });
      expect(res.json().jurisdictions.map((j: { key: string }) => j.key)).toEqual(['us-federal', 'england-wales']);
      expect(res.json().disclaimer).toMatch(/not legal advice/);
    }
    expect((await injectAs(t, f.followerS, 'GET', url(f))).json().canWork).toBe(false);
    const refused = await injectAs(t, f.followerS, 'PUT', settlementUrl(f), { jurisdiction: 'england-wales', dateOfDeath: '2027-02-20' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/executor/);
    expect((await injectAs(t, f.followerS, 'POST', url(f), { title: 'x', dueOn: '2027-04-01' })).statusCode).toBe(403);
    expect(await rowsOf(f)).toHaveLength(0);
  });
});

describe('deadlines: the settlement facts and the timeline', () => {
  it('refuses bad facts with a clear error and changes nothing', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const f = await family();
    await activate(f);
    const cases: [object, string, RegExp][] = [
      [{ jurisdiction: 'narnia', dateOfDeath: '2027-02-20' }, 'jurisdiction', /United States \(federal\) or England and Wales/],
      [{ jurisdiction: 'us-federal', dateOfDeath: '2027-03-02' }, 'dateOfDeath', /future/],
      [{ jurisdiction: 'us-federal', dateOfDeath: '1899-12-31' }, 'dateOfDeath', /before 1900/],
      [{ jurisdiction: 'us-federal', dateOfDeath: '2027-02-30' }, 'dateOfDeath', /date/i],
      [{ jurisdiction: 'us-federal' }, 'dateOfDeath', /.+/],
    ];
    for (const [body, field, message] of cases) {
      const res = await injectAs(t, f.adminS, 'PUT', settlementUrl(f), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(body)).toMatch(message);
    }
    expect(await t.db.select().from(estateSettlements).where(eq(estateSettlements.estateId, f.estateId))).toHaveLength(0);
    expect(await rowsOf(f)).toHaveLength(0);
    // no facts yet: the executor's own deadline has nothing to count from
    const early = await injectAs(t, f.adminS, 'POST', url(f), { title: 'Meet the solicitor', dueOn: '2027-04-01' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/date of death first/);
  });

  it('builds the rules’ timeline in due-date order with statuses, sources and the guidance flag; audited', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const f = await family();
    await activate(f);
    const res = await injectAs(t, f.execS, 'PUT', settlementUrl(f), { jurisdiction: 'england-wales', dateOfDeath: '2027-02-20' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.settlement).toMatchObject({ jurisdiction: 'england-wales', jurisdictionName: 'England and Wales', dateOfDeath: '2027-02-20' });
    expect(body.deadlines.map((d: Row) => [d.ruleKey, d.dueOn, d.status])).toEqual([
      ['england-wales:register-death', '2027-02-25', 'overdue'],
      ['england-wales:pay-inheritance-tax', '2027-08-31', 'upcoming'],
      ['england-wales:iht400-account', '2028-02-20', 'upcoming'],
      ['england-wales:deed-of-variation', '2029-02-20', 'upcoming'],
    ]);
    for (const d of body.deadlines as Row[]) expect(d).toMatchObject({ guidance: true, sourceUrl: expect.stringMatching(/^https:\/\//) });
    expect(body.counts).toEqual({ overdue: 1, dueSoon: 0, open: 4, done: 0 });
    // the follower sees the same timeline
    expect((await timeline(f, f.followerS)).map((d) => d.dueOn)).toEqual(body.deadlines.map((d: Row) => d.dueOn));
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.estateId, f.estateId), eq(auditLog.action, 'settlement.set')));
    expect(entry).toMatchObject({ actorUserId: f.reporter.id, details: { jurisdiction: 'england-wales', rules: 4, removed: 0 } });
  });

  it('another jurisdiction replaces the rules not done; done ones stay; a moved date is reminded again', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const f = await family();
    await activate(f);
    await injectAs(t, f.adminS, 'PUT', settlementUrl(f), { jurisdiction: 'england-wales', dateOfDeath: '2027-02-20' });
    const register = (await timeline(f, f.adminS)).find((d) => d.ruleKey === 'england-wales:register-death')!;
    expect((await injectAs(t, f.adminS, 'PUT', `${url(f)}/${register.id}/done`)).statusCode).toBe(200);
    await t.db.update(settlementDeadlines).set({ remindedAt: t.clock.now() }).where(eq(settlementDeadlines.estateId, f.estateId));

    const res = await injectAs(t, f.adminS, 'PUT', settlementUrl(f), { jurisdiction: 'us-federal', dateOfDeath: '2027-02-21' });
    expect(res.statusCode, res.body).toBe(200);
    // by due date; the two 9-month rules share theirs (their order between them follows the row id)
    const order = (res.json().deadlines as Row[]).map((d) => [d.ruleKey, d.status]);
    expect([order[0], new Set([order[1]![0], order[2]![0]]), order[3], order[4]]).toEqual([
      ['england-wales:register-death', 'done'],
      new Set(['us-federal:qualified-disclaimer', 'us-federal:form-706']),
      ['us-federal:final-form-1040', 'upcoming'],
      ['us-federal:portability-late-election', 'upcoming'],
    ]);
    expect([order[1]![1], order[2]![1]]).toEqual(['upcoming', 'upcoming']);
    // the same jurisdiction with the date moved: rows kept (their tick too), the moved ones to be reminded again
    await t.db.update(settlementDeadlines).set({ remindedAt: t.clock.now() }).where(eq(settlementDeadlines.estateId, f.estateId));
    await injectAs(t, f.adminS, 'PUT', settlementUrl(f), { jurisdiction: 'us-federal', dateOfDeath: '2027-02-22' });
    const rows = await rowsOf(f);
    const byKey = Object.fromEntries(rows.map((r) => [r.ruleKey, r]));
    expect(byKey['us-federal:form-706']).toMatchObject({ dueOn: '2027-11-22', remindedAt: null });
    expect(byKey['us-federal:final-form-1040']!.remindedAt).not.toBeNull(); // still 15 April 2028
    expect(byKey['england-wales:register-death']!.doneAt).not.toBeNull();
  });

  it('own deadlines: added, never before the date of death (nothing changes), deleted; rules cannot be deleted', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const f = await family();
    await activate(f);
    await injectAs(t, f.adminS, 'PUT', settlementUrl(f), { jurisdiction: 'us-federal', dateOfDeath: '2027-02-20' });
    const before = await rowsOf(f);
    const bad = await injectAs(t, f.execS, 'POST', url(f), { title: 'Too early', dueOn: '2027-02-19' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/before the date of death \(2027-02-20\)/);
    expect(bad.json().error.fields.dueOn).toBeTruthy();
    const blank = await injectAs(t, f.execS, 'POST', url(f), { title: '  ', dueOn: 'soon' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().error.fields)).toEqual(expect.arrayContaining(['title', 'dueOn']));
    expect(await rowsOf(f)).toEqual(before);

    const added = await injectAs(t, f.execS, 'POST', url(f), { title: 'Sell the car', dueOn: '2027-02-25', detail: 'Logbook in the desk' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ ruleKey: null, title: 'Sell the car', detail: 'Logbook in the desk', guidance: false, sourceUrl: null, status: 'overdue' });
    const soon = await injectAs(t, f.execS, 'POST', url(f), { title: 'Return the library books', dueOn: '2027-03-08' });
    expect(soon.json()).toMatchObject({ status: 'due-soon', detail: null });
    // a date of death after one's own deadline is refused, and changes nothing
    const moved = await injectAs(t, f.adminS, 'PUT', settlementUrl(f), { jurisdiction: 'us-federal', dateOfDeath: '2027-03-01' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toMatch(/Sell the car/);
    expect((await t.db.select().from(estateSettlements).where(eq(estateSettlements.estateId, f.estateId)))[0]!.dateOfDeath).toBe('2027-02-20');

    const rule = before[0]!;
    const refused = await injectAs(t, f.adminS, 'DELETE', `${url(f)}/${rule.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/cannot be deleted/);
    expect((await injectAs(t, f.followerS, 'DELETE', `${url(f)}/${added.json().id}`)).statusCode).toBe(403);
    expect((await injectAs(t, f.adminS, 'DELETE', `${url(f)}/${added.json().id}`)).statusCode).toBe(200);
    expect((await injectAs(t, f.adminS, 'DELETE', `${url(f)}/${added.json().id}`)).statusCode).toBe(404);
    const actions = (await t.db.select().from(auditLog).where(and(eq(auditLog.estateId, f.estateId), like(auditLog.action, 'deadline.%')))).map((a) => a.action);
    expect(actions).toEqual(['deadline.added', 'deadline.added', 'deadline.deleted']);
  });

  it('marked done by one of two at once; undone; another estate’s deadline is not found', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const f = await family();
    const g = await family();
    await activate(f);
    await activate(g);
    await injectAs(t, f.adminS, 'PUT', settlementUrl(f), { jurisdiction: 'us-federal', dateOfDeath: '2027-02-20' });
    await injectAs(t, g.adminS, 'PUT', settlementUrl(g), { jurisdiction: 'us-federal', dateOfDeath: '2027-02-20' });
    const [target] = await rowsOf(f);
    const [theirs] = await rowsOf(g);
    const results = await Promise.all([injectAs(t, f.adminS, 'PUT', `${url(f)}/${target!.id}/done`), injectAs(t, f.execS, 'PUT', `${url(f)}/${target!.id}/done`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(winner).toMatchObject({ status: 'done', done: { at: '2027-03-01T10:00:00.000Z' } });
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toContain(`already marked done by ${winner.done.byName}`);
    expect((await injectAs(t, f.followerS, 'DELETE', `${url(f)}/${target!.id}/done`)).statusCode).toBe(403);
    expect((await injectAs(t, f.execS, 'DELETE', `${url(f)}/${target!.id}/done`)).json()).toMatchObject({ status: 'upcoming', done: null });
    expect((await injectAs(t, f.execS, 'DELETE', `${url(f)}/${target!.id}/done`)).statusCode).toBe(409);
    expect((await injectAs(t, f.adminS, 'PUT', `${url(f)}/${theirs!.id}/done`)).statusCode).toBe(404);
    expect((await t.db.select().from(settlementDeadlines).where(eq(settlementDeadlines.id, theirs!.id)))[0]!.doneAt).toBeNull();
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, target!.id), like(auditLog.action, 'deadline.%')));
    expect(audits.map((a) => a.action).sort()).toEqual(['deadline.done', 'deadline.undone']);
  });
});

describe('deadlines: reminders and overdue flags (job remind-settlement-deadlines)', () => {
  it('reminds each person who works the estate exactly once, and flags an overdue one once, under two runs at once and again', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const ctx = { ...t.app.deps, actor: null, meta: { ip: '127.0.0.1', userAgent: 'test' } };
    await remindSettlementDeadlines(ctx); // what the other tests' estates have due today goes first: the counts below are this estate's
    const f = await family();
    await activate(f);
    await injectAs(t, f.adminS, 'PUT', settlementUrl(f), { jurisdiction: 'england-wales', dateOfDeath: '2027-02-26' }); // register: 3 March (in 2 days)
    await injectAs(t, f.adminS, 'POST', url(f), { title: 'Sell the car', dueOn: '2027-03-20' }); // not within 7 days yet
    await injectAs(t, f.adminS, 'POST', url(f), { title: 'Cancel the newspaper', dueOn: '2027-02-27' }); // already overdue

    const runs = await Promise.all([remindSettlementDeadlines(ctx), remindSettlementDeadlines(ctx)]);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.flagged, 0)).toBe(1);
    await t.app.deps.jobs.runDue();

    const reminders = async (email: string) => (await emailsTo(t, email)).filter((m) => m.kind === 'deadline-reminder');
    for (const person of [f.administrator, f.reporter]) {
      const mails = await reminders(person.email);
      expect(mails, person.email).toHaveLength(1);
      expect(mails[0]!.text).toContain('Register the death');
      expect(mails[0]!.text).toContain('https://www.gov.uk/register-a-death');
      expect(mails[0]!.text).toContain('guidance, not legal advice');
      expect(mails[0]!.text).toContain('in 2 days');
    }
    expect(await reminders(f.follower.email)).toHaveLength(0); // follows, does not work the estate
    const [inApp] = await t.db.select().from(notifications).where(and(eq(notifications.userId, f.reporter.id), like(notifications.message, '%Register the death%')));
    expect(inApp).toMatchObject({ link: `/beneficiary/estate/${f.estateId}` });
    const [adminInApp] = await t.db.select().from(notifications).where(and(eq(notifications.userId, f.administrator.id), like(notifications.message, 'Due in 2 days%')));
    expect(adminInApp).toMatchObject({ link: `/estate-administrator/estates/${f.estateId}` });

    const alerts = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.estateId));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(/“Cancel the newspaper” was due on 2027-02-27/);
    // the timeline shows when the reminder went
    expect((await timeline(f, f.adminS)).find((d) => d.title === 'Register the death')).toMatchObject({ status: 'due-soon' });

    // a week on: the car is within 7 days (one reminder), the register deadline passed (one alert); nothing twice
    t.clock.set(new Date('2027-03-14T10:00:00Z'));
    f.adminS = await sessionFor(t, f.administrator);
    await Promise.all([t.app.deps.jobs.runDue(), remindSettlementDeadlines(ctx)]);
    await t.app.deps.jobs.runDue();
    expect(await reminders(f.administrator.email)).toHaveLength(2);
    expect(await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.estateId))).toHaveLength(2);
    // done deadlines are never flagged
    const car = (await timeline(f, f.adminS)).find((d) => d.title === 'Sell the car')!;
    await injectAs(t, f.adminS, 'PUT', `${url(f)}/${car.id}/done`);
    t.clock.set(new Date('2027-03-25T10:00:00Z'));
    await t.app.deps.jobs.runDue();
    expect(await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.estateId))).toHaveLength(2);
  });

  it('says nothing for an estate that is no longer active', async () => {
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const f = await family();
    await activate(f);
    await injectAs(t, f.adminS, 'PUT', settlementUrl(f), { jurisdiction: 'england-wales', dateOfDeath: '2027-02-26' });
    await t.db.update(estates).set({ status: 'planning' }).where(eq(estates.id, f.estateId));
    const ctx = { ...t.app.deps, actor: null, meta: { ip: '127.0.0.1', userAgent: 'test' } };
    await remindSettlementDeadlines(ctx);
    expect((await emailsTo(t, f.administrator.email)).filter((m) => m.kind === 'deadline-reminder')).toHaveLength(0);
    expect((await rowsOf(f)).every((r) => r.remindedAt === null)).toBe(true);
  });
});
