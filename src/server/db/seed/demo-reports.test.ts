import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminReport } from '../../../core/admin-reports.schemas.ts';
import type { TFeedbackPage } from '../../../core/feedback.schemas.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { adminAlerts, feedback } from '../schema/admin.ts';
import { resetDemo, seedDemo } from './demo.ts';
import type { DemoIds } from './demo-users.ts';

let t: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.db, t.app.deps);
}, 180_000);
afterAll(async () => t.close());

describe('demo seed for the admin’s Reports', () => {
  it('shows a year of growth, content, invitations, feedback and health events, and a reset does not double them', async () => {
    const admin = await sessionFor(t, { id: ids.adminId });
    const year = (await injectAs(t, admin, 'GET', '/api/v1/admin/reports?range=12m')).json() as TAdminReport;
    expect(year.userGrowth).toHaveLength(12);
    // New members every month, more in the later months than the first ones.
    const monthly = year.userGrowth.map((p) => p.newUsers);
    expect(monthly.slice(0, -1).every((v) => v >= 3)).toBe(true);
    expect(monthly.slice(-4, -1).reduce((a, b) => a + b, 0)).toBeGreaterThan(monthly.slice(0, 3).reduce((a, b) => a + b, 0));
    expect(year.totals.memories).toBeGreaterThan(40);
    expect(year.totals.documents).toBeGreaterThan(10);
    expect(year.topInviters.length).toBeGreaterThanOrEqual(5);
    const quarter = (await injectAs(t, admin, 'GET', '/api/v1/admin/reports?range=90d')).json() as TAdminReport;
    expect(quarter.totals.failedSignIns).toBeGreaterThan(50);
    expect(quarter.totals.lockOuts).toBeGreaterThan(0);
    expect(quarter.totals.mailFailures).toBe(3);
    // two slow-request alerts seeded for Reports, two more for the admin dashboard (demo-admin.ts)
    expect(quarter.totals.slowRequestAlerts).toBe(4);
    const page = (await injectAs(t, admin, 'GET', '/api/v1/admin/feedback')).json() as TFeedbackPage;
    expect(page.items).toHaveLength(10);
    expect(page.items[0]!.name).toBeTruthy();

    const before = { feedback: (await t.db.select({ n: count() }).from(feedback))[0]!.n, alerts: (await t.db.select({ n: count() }).from(adminAlerts))[0]!.n };
    const again = await resetDemo(t.db, t.app.deps);
    expect((await t.db.select({ n: count() }).from(feedback))[0]!.n).toBe(before.feedback);
    expect((await t.db.select({ n: count() }).from(adminAlerts))[0]!.n).toBe(before.alerts);
    const after = (await injectAs(t, await sessionFor(t, { id: again.adminId }), 'GET', '/api/v1/admin/reports?range=90d')).json() as TAdminReport;
    expect(after.totals).toMatchObject({ mailFailures: 3, slowRequestAlerts: 4, failedSignIns: quarter.totals.failedSignIns });
  }, 300_000);
});
