import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { estates } from '../../db/schema/estates.ts';
import { auditLog } from '../../db/schema/system.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-03-15T12:00:00Z'));
});
afterAll(async () => t.close());

describe('estate activation condition and release schedule', () => {
  it('reads the defaults and saves each of the choices, audited', async () => {
    const owner = await insertUser(t.db);
    const s = await sessionFor(t, owner);
    expect((await injectAs(t, s, 'GET', '/api/v1/estate/settings')).json()).toMatchObject({
      status: 'planning',
      activationCondition: 'upon_death',
      releaseSchedule: 'all_at_once',
      activationDate: null,
      releaseDates: [],
    });
    const res = await injectAs(t, s, 'PUT', '/api/v1/estate/settings', {
      activationCondition: 'specific_date',
      activationDate: '2030-06-01',
      releaseSchedule: 'specific_dates',
      releaseDates: ['2031-01-01', '2030-07-01', '2031-01-01'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ activationDate: '2030-06-01', releaseDates: ['2030-07-01', '2031-01-01'] });
    const [row] = await t.db.select().from(estates).where(eq(estates.id, owner.estateId!));
    expect(row).toMatchObject({ activationCondition: 'specific_date', releaseSchedule: 'specific_dates' });

    const back = await injectAs(t, s, 'PUT', '/api/v1/estate/settings', {
      activationCondition: 'manual',
      activationDate: '2030-06-01',
      releaseSchedule: 'gradual',
      releaseDates: ['2031-01-01'],
    });
    expect(back.json()).toMatchObject({ activationCondition: 'manual', activationDate: null, releaseSchedule: 'gradual', releaseDates: [] });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.id));
    expect(audits.filter((a) => a.action === 'estate.settings_updated')).toHaveLength(2);
  });

  it('refuses a missing or past activation date, no release dates, and unknown choices', async () => {
    const s = await sessionFor(t, await insertUser(t.db));
    const put = (body: object) => injectAs(t, s, 'PUT', '/api/v1/estate/settings', body);
    const noDate = await put({ activationCondition: 'specific_date', releaseSchedule: 'all_at_once' });
    expect(noDate.json().error.fields).toHaveProperty('activationDate');
    const past = await put({ activationCondition: 'specific_date', activationDate: '2026-03-15', releaseSchedule: 'all_at_once' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.activationDate).toMatch(/future/);
    const noRelease = await put({ activationCondition: 'manual', releaseSchedule: 'specific_dates', releaseDates: [] });
    expect(noRelease.json().error.fields).toHaveProperty('releaseDates');
    const unknown = await put({ activationCondition: 'whenever', releaseSchedule: 'never' });
    expect(Object.keys(unknown.json().error.fields)).toEqual(expect.arrayContaining(['activationCondition', 'releaseSchedule']));
  });

  it('is for estate owners only', async () => {
    const s = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    expect((await injectAs(t, s, 'GET', '/api/v1/estate/settings')).statusCode).toBe(403);
  });
});
