import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { userSettings } from '../../db/schema/users.ts';

let t: TestApp;
/** Planner-profile keys every account reads with their defaults (only planners may change them). */
const plannerDefaults = { plannerVisibility: 'Private', plannerAppointmentEmails: true, plannerTimeZone: 'ET', plannerContactMethod: 'Email' };
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('notification and security toggles', () => {
  it('start on, persist each change, and leave other areas’ keys alone', async () => {
    const user = await insertUser(t.db);
    const s = await sessionFor(t, user);
    expect((await injectAs(t, s, 'GET', '/api/v1/settings')).json()).toEqual({ loginAlerts: true, beneficiaryActivity: true, legacyUpdates: true, ...plannerDefaults });
    await t.db.insert(userSettings).values({ userId: user.id, data: { notificationMethod: 'sms' } });
    const res = await injectAs(t, s, 'PATCH', '/api/v1/settings', { beneficiaryActivity: false });
    expect(res.json()).toEqual({ loginAlerts: true, beneficiaryActivity: false, legacyUpdates: true, ...plannerDefaults });
    await injectAs(t, s, 'PATCH', '/api/v1/settings', { legacyUpdates: false, loginAlerts: false });
    expect((await injectAs(t, s, 'GET', '/api/v1/settings')).json()).toEqual({ loginAlerts: false, beneficiaryActivity: false, legacyUpdates: false, ...plannerDefaults });
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row?.data).toMatchObject({ notificationMethod: 'sms', beneficiaryActivity: false });
  });

  it('refuses unknown keys and wrong types; each user sees only their own', async () => {
    const a = await sessionFor(t, await insertUser(t.db));
    const b = await sessionFor(t, await insertUser(t.db));
    const bad = await injectAs(t, a, 'PATCH', '/api/v1/settings', { loginAlerts: 'yes', isAdmin: true });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['loginAlerts', 'isAdmin']));
    await injectAs(t, a, 'PATCH', '/api/v1/settings', { legacyUpdates: false });
    expect((await injectAs(t, b, 'GET', '/api/v1/settings')).json().legacyUpdates).toBe(true);
  });
});
