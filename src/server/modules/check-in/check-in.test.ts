import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, emailsTo, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { checkInMisses, checkInSettings } from '../../db/schema/check-in.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateAlerts } from '../../db/schema/lifecycle.ts';
import { notifications } from '../../db/schema/messages.ts';
import { estateTrustees } from '../../db/schema/safeguards.ts';
import { mergeSystemSettings } from '../../settings/get-system-settings.ts';
import { sweepCheckIns } from './sweep-check-ins.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await mergeSystemSettings(t.db, { defaultTimeZone: 'Europe/London' });
});
afterAll(async () => t.close());

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
// 10 January 2027, 09:00 in London (GMT)
const START = new Date('2027-01-10T09:00:00Z');
beforeEach(() => t.clock.set(START));

const sweep = () => sweepCheckIns({ ...t.app.deps, actor: null, meta: { ip: '', userAgent: '' } });
/** A fresh session at the clock's current time (moving the clock ends older sessions). */
type Who = { id: string };
const as = (who: Who) => sessionFor(t, who);
const call = async (who: Who | null, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => injectAs(t, who ? await as(who) : null, method, url, body);
const get = (who: Who) => call(who, 'GET', '/api/v1/check-in');
const patch = (who: Who, body: unknown) => call(who, 'PATCH', '/api/v1/check-in', body);
/** An anonymous browser (CSRF cookie and header, like the page the emailed link opens). */
const anonymous = (ip = '192.0.2.90') => new Browser(t, ip);
const kinds = async (email: string, kind: string) => (await emailsTo(t, email)).filter((m) => m.kind === kind);
const tokenIn = (text: string) => /\/check-in#([\w-]+)/.exec(text)?.[1] ?? '';
const rowOf = async (estateId: string) => (await t.db.select().from(checkInSettings).where(eq(checkInSettings.estateId, estateId)))[0]!;
const moveTo = (iso: string) => t.clock.set(new Date(iso));

async function ownerWithSwitch(months = 3) {
  const owner = await insertOwner(t.db);
  expect((await patch(owner, { months })).statusCode).toBe(200);
  return { owner, s: owner };
}

describe('the owner settings', () => {
  it('is off by default, turns on with a period, pauses, and turns off', async () => {
    const ownerS = await insertOwner(t.db);
    expect((await get(ownerS)).json()).toMatchObject({ months: null, state: 'off', dueAt: null, timeZone: 'Europe/London' });
    const on = await patch(ownerS, { months: 3 });
    expect(on.statusCode, on.body).toBe(200);
    // 10 April 09:00 London is BST: 08:00 UTC
    expect(on.json()).toMatchObject({ months: 3, state: 'on', dueAt: '2027-04-10T08:00:00.000Z', lastCheckInAt: START.toISOString() });
    const paused = await patch(ownerS, { pausedUntil: '2027-02-01' });
    expect(paused.json()).toMatchObject({ state: 'paused', pausedUntil: '2027-02-01', dueAt: '2027-04-30T23:00:00.000Z' }); // midnight BST
    const resumed = await patch(ownerS, { pausedUntil: null });
    expect(resumed.json()).toMatchObject({ state: 'on', pausedUntil: null, dueAt: '2027-04-10T08:00:00.000Z' });
    expect((await patch(ownerS, { months: null })).json()).toMatchObject({ state: 'off', dueAt: null });
  });

  it('refuses bad input in plain words and changes nothing', async () => {
    const { owner, s } = await ownerWithSwitch(6);
    const before = await rowOf(owner.estateId!);
    for (const body of [{ months: 2 }, { months: '3' }, {}, { pausedUntil: '2027-01-09' }, { pausedUntil: '2027-01-10' }, { pausedUntil: '2028-02-01' }, { pausedUntil: 'soon' }, { months: 3, extra: 1 }]) {
      const res = await patch(s, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).not.toMatch(/invalid_|Expected|ZodError/);
    }
    expect(JSON.stringify((await patch(s, { months: 2 })).json().error)).toMatch(/1, 3, 6, 12, 18 months/);
    expect((await patch(s, { pausedUntil: '2028-02-01' })).json().error.message).toMatch(/at most 365 days/);
    expect(await rowOf(owner.estateId!)).toEqual(before);
    // a pause needs the switch on
    const offOwner = await insertOwner(t.db);
    expect((await patch(offOwner, { pausedUntil: '2027-02-01' })).json().error.message).toMatch(/Turn the check-in on/);
  });

  it('is the owner’s only: other personas are refused, and each owner sees only their own', async () => {
    const { s } = await ownerWithSwitch(12);
    const beneficiary = await insertUser(t.db, { roles: ['beneficiary'] });
    expect((await get(beneficiary)).statusCode).toBe(403);
    expect((await patch(beneficiary, { months: 1 })).statusCode).toBe(403);
    expect((await call(beneficiary, 'POST', '/api/v1/check-in')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/v1/check-in')).statusCode).toBe(401);
    const other = await insertOwner(t.db);
    expect((await get(other)).json().state).toBe('off');
    expect((await get(s)).json().months).toBe(12);
  });
});

describe('checking in', () => {
  it('a successful sign-in, and "I\'m here", start the period again; a failed sign-in does not', async () => {
    const { owner, s } = await ownerWithSwitch(1);
    t.clock.advance(10 * DAY);
    const b = new Browser(t, '192.0.2.40');
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: 'wrong-password-here' })).statusCode).toBe(401);
    expect((await get(s)).json().lastCheckInAt).toBe(START.toISOString());
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    expect((await get(s)).json()).toMatchObject({ lastCheckInAt: '2027-01-20T09:00:00.000Z', dueAt: '2027-02-20T09:00:00.000Z' });
    t.clock.advance(DAY);
    expect((await call(s, 'POST', '/api/v1/check-in')).json()).toMatchObject({ lastCheckInAt: '2027-01-21T09:00:00.000Z', dueAt: '2027-02-21T09:00:00.000Z' });
  });

  it('the emailed link checks in once (by a button: opening it does nothing), and is refused when used, expired or another account’s', async () => {
    const { owner, s } = await ownerWithSwitch(1);
    moveTo('2027-02-03T09:00:00Z'); // the week reminder
    await sweep();
    const [mail] = await kinds(owner.email, 'check-in-reminder');
    const token = tokenIn(mail!.text);
    expect(token).not.toBe('');
    // someone else signed in cannot use it, and their attempt does not use it up
    const refused = await call(await insertOwner(t.db), 'POST', '/api/v1/check-in/link', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/another account/);
    // two clicks at once: one checks in, the other is told the link was used
    t.clock.advance(HOUR);
    const [b1, b2] = [anonymous('192.0.2.91'), anonymous('192.0.2.92')];
    await Promise.all([b1.refresh(), b2.refresh()]);
    const both = await Promise.all([b1.call('POST', '/api/v1/check-in/link', { token }), b2.call('POST', '/api/v1/check-in/link', { token })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(both.find((r) => r.statusCode === 200)!.json()).toEqual({ ok: true, name: owner.name });
    expect((await get(s)).json().lastCheckInAt).toBe('2027-02-03T10:00:00.000Z');
    const again = await anonymous().call('POST', '/api/v1/check-in/link', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toMatch(/already used/);
    expect((await anonymous().call('POST', '/api/v1/check-in/link', { token: 'x'.repeat(43) })).statusCode).toBe(404);
    expect((await anonymous().call('POST', '/api/v1/check-in/link', { token: 1 })).statusCode).toBe(400);

    // expired: a link not used within 30 days
    moveTo('2027-02-24T10:00:00Z'); // the next period's week reminder
    await sweep();
    const fresh = tokenIn((await kinds(owner.email, 'check-in-reminder'))[0]!.text);
    expect(fresh).not.toBe(token);
    t.clock.advance(31 * DAY);
    expect((await anonymous().call('POST', '/api/v1/check-in/link', { token: fresh })).statusCode).toBe(404);
    expect((await get(s)).json().lastCheckInAt).toBe('2027-02-03T10:00:00.000Z');
  });
});

describe('reminders', () => {
  it('go out a month, a week and a day ahead, by email and in-app, each exactly once however often the job runs', async () => {
    const { owner } = await ownerWithSwitch(3); // due 10 April 08:00 UTC
    const count = async () => (await kinds(owner.email, 'check-in-reminder')).length;
    moveTo('2027-03-10T08:59:00Z');
    await sweep();
    expect(await count()).toBe(0);
    moveTo('2027-03-10T09:00:00Z');
    await Promise.all([sweep(), sweep()]);
    await sweep();
    expect(await count()).toBe(1);
    expect((await kinds(owner.email, 'check-in-reminder'))[0]!.subject).toMatch(/in a month/);
    moveTo('2027-04-03T08:05:00Z');
    await sweep();
    await sweep();
    moveTo('2027-04-09T08:05:00Z');
    await sweep();
    await t.app.deps.jobs.runDue();
    const subjects = (await kinds(owner.email, 'check-in-reminder')).map((m) => m.subject).reverse();
    expect(subjects.map((x) => x.replace(/^.*due /, ''))).toEqual(['in a month', 'in a week', 'tomorrow']);
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(inApp.filter((n) => /check-in is due/.test(n.message))).toHaveLength(3);
  });

  it('after a missed day sends only the reminder still meaningful, never a duplicate', async () => {
    const { owner } = await ownerWithSwitch(3);
    moveTo('2027-03-10T09:30:00Z');
    await sweep();
    // the job did not run from 2 April until after the day reminder's time
    moveTo('2027-04-09T12:00:00Z');
    await sweep();
    await sweep();
    const subjects = (await kinds(owner.email, 'check-in-reminder')).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/tomorrow/);
  });

  it('a pause sends nothing until it ends, then the period counts from its end', async () => {
    const { owner, s } = await ownerWithSwitch(1); // due 10 February
    expect((await patch(s, { pausedUntil: '2027-03-01' })).json().dueAt).toBe('2027-03-31T23:00:00.000Z');
    for (const at of ['2027-02-03T09:00:00Z', '2027-02-09T09:00:00Z', '2027-02-11T09:00:00Z', '2027-02-28T22:00:00Z']) {
      moveTo(at);
      await sweep();
    }
    expect(await kinds(owner.email, 'check-in-reminder')).toHaveLength(0);
    expect(await t.db.select().from(checkInMisses).where(eq(checkInMisses.estateId, owner.estateId!))).toHaveLength(0);
    moveTo('2027-03-25T00:00:00Z');
    await sweep();
    expect((await kinds(owner.email, 'check-in-reminder')).map((m) => m.subject)).toEqual([expect.stringMatching(/in a week/)]);
  });
});

describe('a missed check-in', () => {
  async function family(trustee = true) {
    const f = await insertEstateWithTeam(t.db);
    if (trustee) await t.db.insert(estateTrustees).values({ estateId: f.owner.estateId!, userId: f.reporter.id, position: 1 });
    await insertMemory(t.app.deps, f.owner.estateId!, { title: 'After I am gone', release: 'after_activation', shareAll: true, stories: [{ title: 'A letter', content: 'For afterwards' }] });
    expect((await patch(f.owner, { months: 1 })).statusCode).toBe(200);
    return { ...f, ownerS: f.owner, trusteeS: f.reporter };
  }

  it('asks the trustees and alerts the administrator exactly once, and releases nothing', async () => {
    const f = await family();
    const sharedBefore = (await call(f.trusteeS, 'GET', '/api/v1/shared/memories')).json();
    moveTo('2027-02-10T09:00:00Z');
    await Promise.all([sweep(), sweep()]);
    await t.app.deps.jobs.runDue();
    moveTo('2027-02-12T09:00:00Z'); // and a run days later
    await sweep();

    const misses = await t.db.select().from(checkInMisses).where(eq(checkInMisses.estateId, f.owner.estateId!));
    expect(misses).toHaveLength(1);
    const asked = await kinds(f.reporter.email, 'check-in-question');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.subject).toContain(`is ${f.owner.name} all right?`);
    expect(asked[0]!.text).toContain(`/check-in/questions/${misses[0]!.id}`);
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, f.reporter.id));
    expect(inApp.filter((n) => n.link === `/check-in/questions/${misses[0]!.id}`)).toHaveLength(1);
    const alerts = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 'security', priority: 'high' });
    expect(alerts[0]!.message).toMatch(/Nothing was released/);
    expect(await kinds(f.owner.email, 'check-in-missed')).toHaveLength(1);
    expect((await get(f.ownerS)).json().state).toBe('missed');

    // nothing released: the estate is still in planning, the beneficiary sees nothing new
    expect((await t.db.select({ s: estates.status }).from(estates).where(eq(estates.id, f.owner.estateId!)))[0]!.s).toBe('planning');
    expect((await call(f.trusteeS, 'GET', '/api/v1/shared/memories')).json()).toEqual(sharedBefore);
  });

  it('the trustee answers on the page; the answer never checks the owner in or releases anything; strangers get 404', async () => {
    const f = await family();
    moveTo('2027-02-10T09:00:00Z');
    await sweep();
    const [miss] = await t.db.select().from(checkInMisses).where(eq(checkInMisses.estateId, f.owner.estateId!));
    const url = `/api/v1/check-in/questions/${miss!.id}`;
    expect((await call(f.trusteeS, 'GET', url)).json()).toMatchObject({ ownerName: f.owner.name, myAnswer: null, resolvedAt: null });

    // not a trustee (the administrator, another estate's owner, a stranger): as if it did not exist
    for (const who of [f.administrator, await insertOwner(t.db), await insertUser(t.db, { roles: ['beneficiary'] })]) {
      expect((await call(who, 'GET', url)).statusCode).toBe(404);
      expect((await call(who, 'POST', `${url}/answer`, { answer: 'all_right' })).statusCode).toBe(404);
    }
    expect((await call(f.trusteeS, 'GET', '/api/v1/check-in/questions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await call(f.trusteeS, 'POST', `${url}/answer`, { answer: 'dead' });
    expect(bad.statusCode).toBe(400);

    const answered = await call(f.trusteeS, 'POST', `${url}/answer`, { answer: 'unreachable', note: 'Phone off for two days' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ myAnswer: 'unreachable', myNote: 'Phone off for two days' });
    const alerts = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!));
    expect(alerts.filter((a) => /could not reach them/.test(a.message))).toMatchObject([{ priority: 'high' }]);
    // the owner is told, but not checked in
    const owner = (await get(f.ownerS)).json();
    expect(owner).toMatchObject({ state: 'missed', lastCheckInAt: '2027-01-10T09:00:00.000Z' });
    const ownerInApp = await t.db.select().from(notifications).where(and(eq(notifications.userId, f.owner.id)));
    expect(ownerInApp.some((n) => n.message.includes('could not reach them'))).toBe(true);
    expect((await t.db.select({ s: estates.status }).from(estates).where(eq(estates.id, f.owner.estateId!)))[0]!.s).toBe('planning');

    // the owner checks in: the question closes; a later answer is refused
    expect((await call(f.ownerS, 'POST', '/api/v1/check-in')).json()).toMatchObject({ state: 'on' });
    expect((await call(f.trusteeS, 'GET', url)).json().resolvedAt).not.toBeNull();
    const late = await call(f.trusteeS, 'POST', `${url}/answer`, { answer: 'all_right' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/checked in since/);
  });

  it('with no trustee named, only the administrator is alerted (and the owner told)', async () => {
    const f = await family(false);
    moveTo('2027-02-10T09:00:00Z');
    await sweep();
    expect(await kinds(f.reporter.email, 'check-in-question')).toHaveLength(0);
    const alerts = await t.db.select().from(estateAlerts).where(eq(estateAlerts.estateId, f.owner.estateId!));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(/named no trustee/);
    expect(await kinds(f.owner.email, 'check-in-missed')).toHaveLength(1);
  });
});
