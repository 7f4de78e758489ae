import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Every single-use, expiring link the system mails (links/emailed-links.ts, ADR 0095 and 0106):
 * password reset, email verification and change, the "I'm here" check-in link, a report's cancel
 * link, an invitation or a pending sign-up, a legacy archive's download. Only the sha256 of the
 * token is stored. `userId` is the account the link is for (none yet for an invitation or a
 * sign-up); `targetId` what the link acts on when it is not the user (a report, an invitation, an
 * export); `newEmail` the address an email change moves to.
 */
export const emailedLinks = pgTable(
  'emailed_links',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** core/emailed-links.ts EMAILED_LINK_PURPOSES */
    purpose: text('purpose').notNull(),
    targetId: uuid('target_id'),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('emailed_links_token_unique').on(t.tokenHash),
    index('emailed_links_user_idx').on(t.userId, t.purpose),
    index('emailed_links_target_idx').on(t.targetId, t.purpose),
  ],
);

/**
 * Platform alerts for the admin dashboard (wireframe §3 "Admin alert"): raised from real events —
 * repeated failed sign-ins, slow requests, failed jobs, user feedback. The same event raised twice
 * (a job run again, a burst of slow requests) is one alert, through `dedupeKey`.
 */
export const adminAlerts = pgTable(
  'admin_alerts',
  {
    id: id(),
    /** security | performance | feature | bug */
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** pending | under_review | investigating | resolved */
    status: text('status').notNull().default('pending'),
    /** Never secrets or personal content. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('admin_alerts_created_idx').on(t.createdAt, t.id), uniqueIndex('admin_alerts_dedupe_unique').on(t.dedupeKey)],
);

/** The admins' shared to-do list (wireframe §3 "Admin task": task, priority, status). */
export const adminTasks = pgTable(
  'admin_tasks',
  {
    id: id(),
    task: text('task').notNull(),
    /** high | medium */
    priority: text('priority').notNull(),
    /** pending | done */
    status: text('status').notNull().default('pending'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('admin_tasks_open_idx').on(t.createdAt).where(sql`${t.completedAt} IS NULL`)],
);

/** What users send from the user menu ("Send feedback"); shown in admin reports and raised as an alert. */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** bug | feature | other */
    category: text('category').notNull(),
    message: text('message').notNull(),
    /** The app path the user sent it from. */
    page: text('page').notNull().default(''),
    createdAt: createdAt(),
  },
  // the per-account hourly limit counts by (user_id, created_at)
  (t) => [index('feedback_created_idx').on(t.createdAt, t.id), index('feedback_user_idx').on(t.userId, t.createdAt)],
);
