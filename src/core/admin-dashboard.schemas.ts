import { z } from 'zod';
import { ADMIN_ALERT_STATUSES, ZAdminAlertStatus, ZAdminAlertType, type TAdminAlertStatus } from './admin.schemas.ts';
import { zRequiredText } from './beneficiaries.schemas.ts';
import { zCursor } from './keyset.schemas.ts';

/**
 * The admin dashboard (wireframe "Admin screens": stat tiles, system status, recent alerts, pending
 * tasks, four actions). Routes (ADR 0028):
 *   GET  /api/v1/admin/dashboard                 → ZAdminDashboard      read:report:any
 *   GET  /api/v1/admin/alerts?status&cursor      → ZAdminAlertPage      read:alert:any
 *   POST /api/v1/admin/alerts/:id/status         → ZAdminAlert          update:alert:any   (409 when it moved on)
 *   GET  /api/v1/admin/tasks?cursor              → ZAdminTaskPage       read:admin-task:any (pending only)
 *   POST /api/v1/admin/tasks                     → ZAdminTask (201)     create:admin-task:any
 *   POST /api/v1/admin/tasks/:id/complete        → ZAdminTask           update:admin-task:any (409 when done)
 */

/** "Active users": used the app (any signed-in request) within this many days (ADR 0028). */
export const ACTIVE_USER_DAYS = 30;
export const ADMIN_ALERT_PAGE_SIZE = 10;
export const ADMIN_TASK_PAGE_SIZE = 10;

export const ZAdminMetrics = z.object({
  users: z.number().int(),
  activeUsers: z.number().int(),
  newUsersThisMonth: z.number().int(),
  estates: z.number().int(),
  beneficiaries: z.number().int(),
  planners: z.number().int(),
  memories: z.number().int(),
  documents: z.number().int(),
  /** Future messages (the letters owners leave), not inbox mail (ADR 0028). */
  messages: z.number().int(),
});
export type TAdminMetrics = z.infer<typeof ZAdminMetrics>;

export const SYSTEM_HEALTH = ['operational', 'degraded', 'down'] as const;
export type TSystemHealth = (typeof SYSTEM_HEALTH)[number];
const zHealth = z.enum(SYSTEM_HEALTH);

/** Thresholds of the status words (ADR 0028). */
export const SYSTEM_STATUS_RULES = {
  /**
   * Mail: Degraded when any email of the last `mailFailingHours` has failed at least once and is not
   * yet sent; Down when this many or more. An older one that was given up (a bounced address) is in
   * Reports, not today's health.
   */
  mailFailingDown: 10,
  mailFailingHours: 24,
  /** Jobs: Degraded when any job failed or waits to retry; Down when this many or more have failed for good. */
  jobsFailedDown: 10,
  /** Jobs: Degraded when more than this many jobs wait (a stalled poller). */
  jobsQueuedDegraded: 100,
} as const;

export const ZSystemStatus = z.object({
  database: z.object({ status: zHealth, sizeBytes: z.number().nullable() }),
  storage: z.object({ status: zHealth, usedBytes: z.number(), files: z.number().int() }),
  jobs: z.object({ status: zHealth, queued: z.number().int(), active: z.number().int(), retrying: z.number().int(), failed: z.number().int() }),
  mail: z.object({ status: zHealth, lastSentAt: z.string().nullable(), failing: z.number().int(), waiting: z.number().int() }),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

export const ZAdminDashboard = z.object({ metrics: ZAdminMetrics, systemStatus: ZSystemStatus });
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

/** Wireframe §4: pending (Review) → under_review → investigating → resolved; never backwards. */
export const ADMIN_ALERT_NEXT: Record<TAdminAlertStatus, readonly TAdminAlertStatus[]> = {
  pending: ['under_review'],
  under_review: ['investigating', 'resolved'],
  investigating: ['resolved'],
  resolved: [],
};

export const ZAdminAlert = z.object({
  id: z.string(),
  type: ZAdminAlertType,
  message: z.string(),
  status: ZAdminAlertStatus,
  /** When it was raised. */
  time: z.string(),
  updatedAt: z.string(),
  /** What the raiser recorded (route, job, counts): never secrets or personal content. */
  details: z.record(z.string(), z.unknown()),
});
export type TAdminAlert = z.infer<typeof ZAdminAlert>;

/** `open` = everything not resolved (the dashboard's list). */
export const ZAdminAlertListQuery = z
  .object({ status: z.enum(['open', ...ADMIN_ALERT_STATUSES]).optional(), cursor: zCursor(['instant', 'id']).optional() })
  .strict();
export type TAdminAlertListQuery = z.infer<typeof ZAdminAlertListQuery>;
export const ZAdminAlertPage = z.object({ items: z.array(ZAdminAlert), nextCursor: z.string().nullable(), openCount: z.number().int() });
export type TAdminAlertPage = z.infer<typeof ZAdminAlertPage>;

export const ZUpdateAdminAlertRequest = z.object({ status: ZAdminAlertStatus }).strict();

export const ADMIN_TASK_PRIORITIES = ['high', 'medium'] as const;
export const ZAdminTask = z.object({
  id: z.string(),
  task: z.string(),
  priority: z.enum(ADMIN_TASK_PRIORITIES),
  status: z.enum(['pending', 'done']),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TAdminTask = z.infer<typeof ZAdminTask>;
export const ZCreateAdminTaskRequest = z.object({ task: zRequiredText(200), priority: z.enum(ADMIN_TASK_PRIORITIES) }).strict();
export type TCreateAdminTaskRequest = z.infer<typeof ZCreateAdminTaskRequest>;
export const ZAdminTaskListQuery = z.object({ cursor: zCursor(['instant', 'id']).optional() }).strict();
export const ZAdminTaskPage = z.object({ items: z.array(ZAdminTask), nextCursor: z.string().nullable(), pendingCount: z.number().int() });
export type TAdminTaskPage = z.infer<typeof ZAdminTaskPage>;
