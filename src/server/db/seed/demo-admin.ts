import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import type { TAdminAlertStatus, TAdminAlertType } from '../../../core/admin.schemas.ts';
import type { Db } from '../client.ts';
import { adminAlerts, adminTasks } from '../schema/admin.ts';
import { appendAuditRows } from '../../lib/audit-chain.ts';
import { auditLog } from '../schema/system.ts';
import type { DemoIds } from './demo-users.ts';
import type { SeedVault } from './demo-vault.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Seeded audit rows carry this user agent, so a reseed replaces them instead of piling up. */
const SEED_AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 demo-seed';

const ALERTS: { key: string; type: TAdminAlertType; message: string; status: TAdminAlertStatus; hoursAgo: number; details: Record<string, unknown> }[] = [
  { key: 'lockout-1', type: 'security', message: 'Repeated failed sign-ins: an account was locked after 5 attempts', status: 'pending', hoursAgo: 2, details: { attempts: 5, lockMinutes: 15 } },
  { key: 'slow-1', type: 'performance', message: 'Slow responses on GET /api/v1/documents (2840 ms; the limit is 2000 ms)', status: 'pending', hoursAgo: 5, details: { method: 'GET', route: '/api/v1/documents', ms: 2840, thresholdMs: 2000, status: 200 } },
  { key: 'feedback-1', type: 'feature', message: 'User feedback: a feature request from the Memories screen', status: 'under_review', hoursAgo: 20, details: { category: 'feature', page: '/estate-owner/memories' } },
  { key: 'job-1', type: 'bug', message: 'Background job "send-outbox" failed', status: 'investigating', hoursAgo: 30, details: { job: 'send-outbox', error: 'Error' } },
  { key: 'feedback-2', type: 'bug', message: 'User feedback: a bug report from the Documents screen', status: 'pending', hoursAgo: 46, details: { category: 'bug', page: '/estate-owner/documents' } },
  { key: 'slow-2', type: 'performance', message: 'Slow responses on POST /api/v1/memories (3120 ms; the limit is 2000 ms)', status: 'resolved', hoursAgo: 96, details: { method: 'POST', route: '/api/v1/memories', ms: 3120, thresholdMs: 2000, status: 201 } },
];

const TASKS: { task: string; priority: 'high' | 'medium'; daysAgo: number; done?: boolean }[] = [
  { task: 'Review the locked account flagged this morning', priority: 'high', daysAgo: 0 },
  { task: 'Rotate the SMTP credentials before the provider’s deadline', priority: 'high', daysAgo: 2 },
  { task: 'Confirm the nightly database backup restored cleanly', priority: 'medium', daysAgo: 3 },
  { task: 'Reply to the feature requests from last week’s feedback', priority: 'medium', daysAgo: 6 },
  { task: 'Publish the updated privacy notice', priority: 'medium', daysAgo: 12, done: true },
];

/**
 * The admin's dashboard and Logs in the demo: alerts in every state, the admins' pending tasks,
 * and a month of audit history for the demo people (sign-ins, a failed attempt, content and
 * settings changes) from believable addresses.
 */
export async function seedAdmin(db: Db, ids: DemoIds, vault: SeedVault): Promise<void> {
  const now = vault.clock.now().getTime();
  await db.delete(adminAlerts).where(like(adminAlerts.dedupeKey, 'demo:admin:%'));
  await db.delete(adminTasks).where(and(isNull(adminTasks.createdBy), inArray(adminTasks.task, TASKS.map((t) => t.task))));
  await db.delete(auditLog).where(eq(auditLog.userAgent, SEED_AGENT));

  await db.insert(adminAlerts).values(
    ALERTS.map((a) => {
      const at = new Date(now - a.hoursAgo * HOUR);
      return { type: a.type, message: a.message, status: a.status, details: a.details, dedupeKey: `demo:admin:${a.key}`, createdAt: at, updatedAt: a.status === 'pending' ? at : new Date(at.getTime() + HOUR) };
    }),
  );
  await db.insert(adminTasks).values(
    TASKS.map((t) => {
      const at = new Date(now - t.daysAgo * DAY - HOUR);
      return { task: t.task, priority: t.priority, createdBy: ids.adminId, status: t.done ? 'done' : 'pending', completedAt: t.done ? new Date(at.getTime() + DAY) : null, createdAt: at, updatedAt: at };
    }),
  );

  const people = [
    { id: ids.ownerId, ip: '73.162.18.40', estateId: ids.estateId },
    { id: ids.plannerId, ip: '104.28.91.12', estateId: null },
    { id: ids.beneficiaryUserId, ip: '82.132.219.5', estateId: null },
    { id: ids.estateAdministratorId, ip: '151.101.2.77', estateId: null },
    { id: ids.adminId, ip: '10.20.0.14', estateId: null },
  ];
  const rows: (typeof auditLog.$inferInsert)[] = [];
  const add = (daysAgo: number, hour: number, who: (typeof people)[number], action: string, target?: { type: string; id: string }, details: Record<string, unknown> = {}) =>
    rows.push({
      at: new Date(now - daysAgo * DAY - hour * HOUR),
      action,
      actorUserId: who.id,
      estateId: who.estateId,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      ip: who.ip,
      userAgent: SEED_AGENT,
      details,
    });
  const [owner, planner, beneficiary, administrator, admin] = people as [typeof people[number], typeof people[number], typeof people[number], typeof people[number], typeof people[number]];
  for (let d = 30; d >= 1; d--) {
    add(d, 9, owner, 'auth.sign_in');
    if (d % 2 === 0) add(d, 8, planner, 'auth.sign_in');
    if (d % 3 === 0) add(d, 7, beneficiary, 'auth.sign_in');
    if (d % 4 === 0) add(d, 6, administrator, 'auth.sign_in');
    if (d % 5 === 0) add(d, 5, owner, 'memory.created', { type: 'memory', id: `5e1f${d}a2c-demo` });
    if (d % 6 === 0) add(d, 4, owner, 'document.uploaded', { type: 'document', id: `9b3c${d}d41-demo` });
    if (d % 7 === 0) add(d, 3, admin, 'auth.sign_in');
  }
  add(12, 2, owner, 'future_message.scheduled', { type: 'future_message', id: '7c2a11e0-demo' });
  add(9, 2, owner, 'estate.settings_updated', { type: 'estate', id: ids.estateId });
  add(4, 1, beneficiary, 'auth.sign_in_failed', undefined, { reason: 'password' });
  add(4, 0.9, beneficiary, 'auth.sign_in');
  add(3, 1, owner, 'security.two_factor_enabled');
  add(2, 1, admin, 'admin_alert.status_changed', { type: 'admin_alert', id: 'job-1-demo' }, { from: 'under_review', to: 'investigating' });
  add(1, 1, planner, 'planner_invitation.invited', { type: 'invitation', id: '2f8e9d10-demo' });
  rows.sort((a, b) => a.at!.getTime() - b.at!.getTime());
  await appendAuditRows(db, rows);
}
