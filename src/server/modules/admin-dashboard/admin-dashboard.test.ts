import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminAlert, TAdminAlertPage, TAdminDashboard, TAdminTask, TAdminTaskPage } from '../../../core/admin-dashboard.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { makePdf } from '../../../../test/factories/files.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { adminAlerts, adminTasks } from '../../db/schema/admin.ts';
import { auditLog, outboxEmails } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { loadConfig } from '../../config.ts';
import { createJobScheduler } from '../../jobs/scheduler.ts';
import { defineJob, registered } from '../../jobs/job.ts';
import { z } from 'zod';
import { raiseAdminAlert } from '../../notices/raise-admin-alert.ts';
import { mergeSystemSettings } from '../../settings/get-system-settings.ts';

/** Monday 15 June 2026, noon UTC. */
const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

let t: TestApp;
let admin: InsertedUser;
let adminS: TestSession;
const others = {} as Record<Exclude<Role, 'admin'>, TestSession>;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  admin = await insertUser(t.db, { roles: ['admin'], name: 'Avery Admin', createdAt: new Date('2026-01-10T09:00:00Z'), lastActiveAt: daysAgo(1) });
  adminS = await sessionFor(t, admin);
  for (const role of ['estate-owner', 'legacy-planner', 'beneficiary', 'estate-administrator'] as const) {
    // created long ago and never active: they add to "users" only
    others[role] = await sessionFor(t, await insertUser(t.db, { roles: [role], createdAt: new Date('2025-12-01T00:00:00Z') }));
  }
});
afterAll(async () => t.close());

const get = async <T>(url: string, s: TestSession = adminS): Promise<T> => {
  const res = await injectAs(t, s, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('who may use the admin dashboard', () => {
  it('refuses every other role (403) on every dashboard route, and anonymous callers (401)', async () => {
    const [alertId] = await t.db.insert(adminAlerts).values({ type: 'bug', message: 'probe' }).returning({ id: adminAlerts.id });
    const [taskId] = await t.db.insert(adminTasks).values({ task: 'probe', priority: 'medium' }).returning({ id: adminTasks.id });
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['GET', '/api/v1/admin/dashboard'],
      ['GET', '/api/v1/admin/alerts'],
      ['POST', `/api/v1/admin/alerts/${alertId!.id}/status`, { status: 'under_review' }],
      ['GET', '/api/v1/admin/tasks'],
      ['POST', '/api/v1/admin/tasks', { task: 'Sneaky', priority: 'high' }],
      ['POST', `/api/v1/admin/tasks/${taskId!.id}/complete`],
    ];
    for (const [method, url, body] of calls) {
      for (const [role, s] of Object.entries(others)) {
        const res = await injectAs(t, s, method, url, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect((await injectAs(t, null, method, url, body)).statusCode).toBe(401);
    }
    // nothing moved
    const [alert] = await t.db.select().from(adminAlerts).where(eq(adminAlerts.id, alertId!.id));
    expect(alert!.status).toBe('pending');
    expect(await t.db.select().from(adminTasks).where(eq(adminTasks.task, 'Sneaky'))).toHaveLength(0);
    await t.db.delete(adminAlerts);
    await t.db.delete(adminTasks);
  });
});

describe('stat tiles', () => {
  it('counts users, active users, new users this month (system time zone), estates, beneficiaries, planners, memories, documents and future messages', async () => {
    const before = (await get<TAdminDashboard>('/api/v1/admin/dashboard')).metrics;
    // 5 accounts so far (the admin, four others), 1 estate (the owner's), 1 planner, the admin active.
    expect(before).toEqual({ users: 5, activeUsers: 1, newUsersThisMonth: 0, estates: 1, beneficiaries: 0, planners: 1, memories: 0, documents: 0, messages: 0 });

    const ownerA = await insertUser(t.db, { roles: ['estate-owner'], createdAt: new Date('2026-06-02T10:00:00Z'), lastActiveAt: daysAgo(5) });
    await insertUser(t.db, { roles: ['estate-owner'], createdAt: new Date('2026-05-31T23:30:00Z'), lastActiveAt: daysAgo(45) });
    // 1 June 02:00 UTC is still 31 May in New York
    await insertUser(t.db, { roles: ['estate-owner'], createdAt: new Date('2026-06-01T02:00:00Z') });
    await insertUser(t.db, { roles: ['legacy-planner'], createdAt: new Date('2026-06-05T08:00:00Z'), lastActiveAt: daysAgo(29) });
    await insertUser(t.db, { roles: ['legacy-planner', 'beneficiary'], createdAt: new Date('2026-03-01T08:00:00Z'), lastActiveAt: daysAgo(31) });

    const deps = t.app.deps;
    const grace = await insertBeneficiary(t.db, ownerA.estateId!);
    await insertBeneficiary(t.db, ownerA.estateId!);
    await insertMemory(deps, ownerA.estateId!, { stories: [{ title: 'Summer', content: 'At the lake' }] });
    await insertMemory(deps, ownerA.estateId!, { stories: [{ title: 'Winter', content: 'Snow' }] });
    await insertMemory(deps, ownerA.estateId!, { stories: [{ title: 'Spring', content: 'Garden' }] });
    await insertDocument(deps, ownerA.estateId!);
    await insertFutureMessage(t.db, ownerA.estateId!, grace.id);
    await insertFutureMessage(t.db, ownerA.estateId!, grace.id);

    const utc = (await get<TAdminDashboard>('/api/v1/admin/dashboard')).metrics;
    expect(utc).toEqual({ users: 10, activeUsers: 3, newUsersThisMonth: 3, estates: 4, beneficiaries: 2, planners: 3, memories: 3, documents: 1, messages: 2 });

    await mergeSystemSettings(t.db, { defaultTimeZone: 'America/New_York' });
    expect((await get<TAdminDashboard>('/api/v1/admin/dashboard')).metrics.newUsersThisMonth).toBe(2);
    await mergeSystemSettings(t.db, { defaultTimeZone: 'UTC' });
  });
});

describe('system status', () => {
  it('reads the database size, stored files, the job queue and the outbox, each with a status word', async () => {
    const s = (await get<TAdminDashboard>('/api/v1/admin/dashboard')).systemStatus;
    expect(s.database.status).toBe('operational');
    expect(s.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(s.jobs).toEqual({ status: 'operational', queued: 0, active: 0, retrying: 0, failed: 0 });
    expect(s.mail).toEqual({ status: 'operational', lastSentAt: null, failing: 0, waiting: 0 });

    const owner = await insertUser(t.db, { roles: ['estate-owner'] });
    const bytes = makePdf('Deed of the house', ['Plot 14']);
    await insertDocument(t.app.deps, owner.estateId!, { bytes });
    const withFile = (await get<TAdminDashboard>('/api/v1/admin/dashboard')).systemStatus;
    expect(withFile.storage.status).toBe('operational');
    expect(withFile.storage.files).toBe(s.storage.files + 1);
    expect(withFile.storage.usedBytes).toBe(s.storage.usedBytes + bytes.length);

    const sentAt = new Date('2026-06-15T11:58:00Z');
    await t.db.insert(outboxEmails).values([
      { to: 'a@example.com', subject: 's', text: 't', kind: 'k', sentAt, attempts: 1 },
      { to: 'b@example.com', subject: 's', text: 't', kind: 'k', sentAt: new Date('2026-06-14T08:00:00Z'), attempts: 1 },
      { to: 'c@example.com', subject: 's', text: 't', kind: 'k', error: '550 mailbox unavailable', attempts: 2 },
      { to: 'd@example.com', subject: 's', text: 't', kind: 'k' },
    ]);
    const mail = (await get<TAdminDashboard>('/api/v1/admin/dashboard')).systemStatus.mail;
    expect(mail).toEqual({ status: 'degraded', lastSentAt: sentAt.toISOString(), failing: 1, waiting: 2 });

    await t.db.insert(outboxEmails).values(Array.from({ length: 9 }, (_, i) => ({ to: `x${i}@example.com`, subject: 's', text: 't', kind: 'k', error: 'refused', attempts: 5 })));
    expect((await get<TAdminDashboard>('/api/v1/admin/dashboard')).systemStatus.mail).toMatchObject({ status: 'down', failing: 10 });
  });

  it('is not Degraded for a bounce given up days ago (a fresh demo has three), only for mail failing today', async () => {
    const fresh = await buildTestApp();
    try {
      const admin = await sessionFor(fresh, await insertUser(fresh.db, { roles: ['admin'] }));
      const status = async () => (await injectAs(fresh, admin, 'GET', '/api/v1/admin/dashboard')).json().systemStatus.mail;
      const daysAgo = (days: number) => new Date(fresh.clock.now().getTime() - days * 24 * 3_600_000);
      const bounce = (createdAt: Date) => ({ to: 'gone@example.net', subject: 's', text: 't', kind: 'k', createdAt, attempts: 6, error: '550 5.1.1 mailbox unavailable' });
      await fresh.db.insert(outboxEmails).values([bounce(daysAgo(3)), bounce(daysAgo(19))]);
      expect(await status()).toMatchObject({ status: 'operational', failing: 0 });
      await fresh.db.insert(outboxEmails).values(bounce(daysAgo(0.5)));
      expect(await status()).toMatchObject({ status: 'degraded', failing: 1 });
    } finally {
      await fresh.close();
    }
  });

  it('counts queued and failed jobs from the queue, raises one alert per failing job per hour, and says Degraded', async () => {
    let fail = true;
    const flaky = defineJob({
      name: 'admin-test-flaky',
      payload: z.object({ n: z.number() }),
      handler: async () => {
        if (fail) throw new TypeError('broke on a value it should not print');
      },
    });
    const scheduler = createJobScheduler({ database: t.database, deps: () => ({ ...t.app.deps }), jobs: [registered(flaky)] });
    try {
      await scheduler.enqueue('admin-test-flaky', { n: 1 });
      await scheduler.enqueue('admin-test-flaky', { n: 2 });
      expect(await scheduler.stats()).toEqual({ queued: 2, active: 0, retrying: 0, failed: 0 });
      await expect(scheduler.runDue()).rejects.toThrow('2 job run(s) failed');
      // retryLimit 3: failed once, waiting to retry
      expect(await scheduler.stats()).toMatchObject({ retrying: 2, failed: 0 });

      const alerts = await t.db.select().from(adminAlerts).where(eq(adminAlerts.type, 'bug'));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ message: 'Background job "admin-test-flaky" failed', status: 'pending' });
      expect(alerts[0]!.details).toEqual({ job: 'admin-test-flaky', error: 'TypeError', hour: '2026-06-15T12:00:00.000Z' });
      expect(JSON.stringify(alerts[0])).not.toContain('should not print');

      // the same job failing an hour later is a new alert
      t.clock.set(new Date(NOW.getTime() + 61 * 60 * 1000));
      await t.database.execute(`UPDATE pgboss.job SET start_after = now() - interval '1 minute' WHERE name = 'admin-test-flaky'`);
      await expect(scheduler.runDue()).rejects.toThrow();
      expect(await t.db.select().from(adminAlerts).where(eq(adminAlerts.type, 'bug'))).toHaveLength(2);
      fail = false;
    } finally {
      t.clock.set(NOW);
      await scheduler.stop();
    }
  });

  it('reports the app’s own queue on the dashboard (the manual scheduler in tests)', async () => {
    await t.app.deps.jobs.enqueue('send-outbox', {});
    const jobs = (await get<TAdminDashboard>('/api/v1/admin/dashboard')).systemStatus.jobs;
    expect(jobs).toMatchObject({ status: 'operational', queued: 1, failed: 0 });
  });
});

describe('slow requests', () => {
  it('raise one performance alert per route per hour, naming the route pattern and never the id or query', async () => {
    const slow = await buildTestApp({ slowRequestMs: 0 });
    try {
      slow.clock.set(NOW);
      const a = await insertUser(slow.db, { roles: ['admin'] });
      const s = await sessionFor(slow, a);
      const secretId = '0b9e7a52-3c55-4b1e-9d7e-111111111111';
      for (let i = 0; i < 3; i++) await injectAs(slow, s, 'POST', `/api/v1/admin/tasks/${secretId}/complete?who=margaret`);
      const rows = await slow.db.select().from(adminAlerts).where(eq(adminAlerts.type, 'performance'));
      const forRoute = rows.filter((r) => r.details.route === '/api/v1/admin/tasks/:id/complete');
      expect(forRoute).toHaveLength(1);
      expect(forRoute[0]!.message).toMatch(/^Slow responses on POST \/api\/v1\/admin\/tasks\/:id\/complete \(\d+ ms; the limit is 0 ms\)$/);
      expect(JSON.stringify(rows)).not.toContain(secretId);
      expect(JSON.stringify(rows)).not.toContain('margaret');
      expect(forRoute[0]!.dedupeKey).toBe('slow-request:POST /api/v1/admin/tasks/:id/complete:2026-06-15T12:00:00.000Z');
    } finally {
      await slow.close();
    }
  });

  it('raise nothing under the threshold (2000 ms unless SLOW_REQUEST_MS says otherwise)', async () => {
    expect(loadConfig({}).slowRequestMs).toBe(2000);
    expect(loadConfig({ SLOW_REQUEST_MS: '750' }).slowRequestMs).toBe(750);
    expect(() => loadConfig({ SLOW_REQUEST_MS: 'soon' })).toThrow(/SLOW_REQUEST_MS/);
    const calm = await buildTestApp({ slowRequestMs: 2000 });
    try {
      const s = await sessionFor(calm, await insertUser(calm.db, { roles: ['admin'] }));
      expect((await injectAs(calm, s, 'GET', '/api/v1/admin/alerts')).statusCode).toBe(200);
      expect(await calm.db.select().from(adminAlerts).where(eq(adminAlerts.type, 'performance'))).toHaveLength(0);
    } finally {
      await calm.close();
    }
  });
});

describe('alerts', () => {
  const status = (id: string, to: string) => injectAs(t, adminS, 'POST', `/api/v1/admin/alerts/${id}/status`, { status: to });

  it('lists open alerts newest first in pages, with the open count, and shows alerts raised by other parts', async () => {
    await t.db.delete(adminAlerts);
    for (let i = 0; i < 12; i++) {
      t.clock.set(new Date(NOW.getTime() - (12 - i) * 60_000));
      await raiseAdminAlert(t.app.deps, { type: i % 2 ? 'security' : 'feature', message: `Alert ${i + 1}`, dedupeKey: `t:${i}` });
    }
    t.clock.set(NOW);
    await t.db.update(adminAlerts).set({ status: 'resolved' }).where(eq(adminAlerts.message, 'Alert 12'));
    const first = await get<TAdminAlertPage>('/api/v1/admin/alerts?status=open');
    expect(first.items.map((a) => a.message)).toEqual(['Alert 11', 'Alert 10', 'Alert 9', 'Alert 8', 'Alert 7', 'Alert 6', 'Alert 5', 'Alert 4', 'Alert 3', 'Alert 2']);
    expect(first.openCount).toBe(11);
    const second = await get<TAdminAlertPage>(`/api/v1/admin/alerts?status=open&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((a) => a.message)).toEqual(['Alert 1']);
    expect(second.nextCursor).toBeNull();
    expect((await get<TAdminAlertPage>('/api/v1/admin/alerts')).items[0]!.message).toBe('Alert 12');
    const bad = await injectAs(t, adminS, 'GET', '/api/v1/admin/alerts?cursor=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('cursor');
    expect((await injectAs(t, adminS, 'GET', '/api/v1/admin/alerts?status=snoozed')).statusCode).toBe(400);
  });

  it('moves pending → under review → investigating → resolved, audited; a skip is a 400, going back a 409, an unknown alert a 404', async () => {
    const [row] = await t.db.insert(adminAlerts).values({ type: 'security', message: 'Repeated failed sign-ins' }).returning();
    const id = row!.id;

    const skip = await status(id, 'resolved');
    expect(skip.statusCode).toBe(400);
    expect(skip.json().error.message).toBe('An alert that is Pending cannot be moved to Resolved.');

    const reviewed = await status(id, 'under_review');
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((reviewed.json() as TAdminAlert).status).toBe('under_review');
    const back = await status(id, 'pending');
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toBe('This alert is already Under Review. Reload to see where it stands.');
    expect((await status(id, 'investigating')).json()).toMatchObject({ status: 'investigating' });
    expect((await status(id, 'resolved')).json()).toMatchObject({ status: 'resolved' });
    expect((await status(id, 'investigating')).statusCode).toBe(409);

    const trail = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(trail.map((r) => [r.action, r.actorUserId, r.details])).toEqual([
      ['admin_alert.status_changed', admin.id, { from: 'pending', to: 'under_review' }],
      ['admin_alert.status_changed', admin.id, { from: 'under_review', to: 'investigating' }],
      ['admin_alert.status_changed', admin.id, { from: 'investigating', to: 'resolved' }],
    ]);

    expect((await status('7b1f2f61-0000-4000-8000-000000000000', 'under_review')).statusCode).toBe(404);
    expect((await status(id, 'archived')).statusCode).toBe(400);
    expect((await status('not-an-id', 'under_review')).statusCode).toBe(400);
  });

  it('lets one of two admins clicking Review at the same moment win; the other gets 409', async () => {
    const [row] = await t.db.insert(adminAlerts).values({ type: 'performance', message: 'Slow' }).returning();
    const second = await sessionFor(t, await insertUser(t.db, { roles: ['admin'] }));
    const results = await Promise.all([
      injectAs(t, adminS, 'POST', `/api/v1/admin/alerts/${row!.id}/status`, { status: 'under_review' }),
      injectAs(t, second, 'POST', `/api/v1/admin/alerts/${row!.id}/status`, { status: 'under_review' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id))).length).toBe(1);
  });
});

describe('admin tasks', () => {
  it('adds, lists pending newest first in pages, and completes; completing twice is a 409', async () => {
    await t.db.delete(adminTasks);
    for (let i = 1; i <= 11; i++) {
      t.clock.set(new Date(NOW.getTime() - (20 - i) * 60_000));
      const res = await injectAs(t, adminS, 'POST', '/api/v1/admin/tasks', { task: `  Task ${i} `, priority: i === 11 ? 'high' : 'medium' });
      expect(res.statusCode, res.body).toBe(201);
    }
    t.clock.set(NOW);
    const first = await get<TAdminTaskPage>('/api/v1/admin/tasks');
    expect(first.pendingCount).toBe(11);
    expect(first.items[0]).toMatchObject({ task: 'Task 11', priority: 'high', status: 'pending', completedAt: null });
    expect(first.items).toHaveLength(10);
    const second = await get<TAdminTaskPage>(`/api/v1/admin/tasks?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((x) => x.task)).toEqual(['Task 1']);

    const done = await injectAs(t, adminS, 'POST', `/api/v1/admin/tasks/${first.items[0]!.id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json() as TAdminTask).toMatchObject({ status: 'done', completedAt: NOW.toISOString() });
    const again = await injectAs(t, adminS, 'POST', `/api/v1/admin/tasks/${first.items[0]!.id}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This task is already completed.');
    expect((await get<TAdminTaskPage>('/api/v1/admin/tasks')).pendingCount).toBe(10);
    expect((await injectAs(t, adminS, 'POST', '/api/v1/admin/tasks/7b1f2f61-0000-4000-8000-000000000000/complete')).statusCode).toBe(404);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'admin_task.completed'));
    expect(audited.map((r) => r.targetId)).toEqual([first.items[0]!.id]);
  });

  it('refuses an empty task, an unknown priority and extra fields with a 400 and adds nothing', async () => {
    const count = async () => (await t.db.select().from(adminTasks)).length;
    const n = await count();
    for (const body of [{ task: '   ', priority: 'high' }, { task: 'Rotate keys', priority: 'low' }, { task: 'Rotate keys', priority: 'high', status: 'done' }, { task: 'x'.repeat(201), priority: 'high' }]) {
      const res = await injectAs(t, adminS, 'POST', '/api/v1/admin/tasks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await count()).toBe(n);
  });
});

describe('vault content', () => {
  it('the dashboard gives counts only: no memory, document or message titles', async () => {
    const owner = await insertUser(t.db, { roles: ['estate-owner'] });
    await insertMemory(t.app.deps, owner.estateId!, { title: 'Private letter to Grace', stories: [{ title: 'Hidden story', content: 'secret' }] });
    const res = await injectAs(t, adminS, 'GET', '/api/v1/admin/dashboard');
    expect(res.body).not.toContain('Private letter');
    expect(res.body).not.toContain('Hidden story');
    await t.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, owner.id));
  });
});
