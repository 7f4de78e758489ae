import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * A report that an estate owner died or became incapacitated (PRODUCT.md §5 step 1). At most one is
 * open per estate; it ends withdrawn (by the owner), rejected (every proof rejected) or verified.
 */
export const estateReports = pgTable(
  'estate_reports',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    reportedBy: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    reporterName: text('reporter_name').notNull(),
    /** How the reporter is related to the owner, in their words ("Daughter", "Legacy Planner"). */
    relationship: text('relationship').notNull(),
    /** death | incapacity */
    event: text('event').notNull(),
    eventDate: date('event_date'),
    /** open | withdrawn | rejected | verified | ended (an incapacity whose mode ended, ADR 0048) */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    index('estate_reports_estate_idx').on(t.estateId, t.createdAt),
    uniqueIndex('estate_reports_one_open').on(t.estateId).where(sql`${t.status} = 'open'`),
  ],
);

/** One proof document of a report, reviewed by the estate's administrator (§5 step 2). */
export const verificationItems = pgTable(
  'verification_items',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => estateReports.id, { onDelete: 'cascade' }),
    /** key of PROOF_DOCUMENT_TYPES */
    documentType: text('document_type').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'no action' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: ts('submitted_at').notNull(),
    /** pending | verified | rejected | not_needed (its report closed before it was reviewed, ADR 0078) */
    status: text('status').notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    /** Why it was rejected, or (not_needed) how its report closed. */
    rejectionReason: text('rejection_reason'),
    /** When the verification-timeout alert was raised (once per item). */
    timeoutAlertedAt: ts('timeout_alerted_at'),
  },
  (t) => [
    index('verification_items_estate_idx').on(t.estateId, t.submittedAt),
    index('verification_items_pending_idx').on(t.submittedAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Alerts for an estate's administrators (wireframe: Alert (estate administrator)). */
export const estateAlerts = pgTable(
  'estate_alerts',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    /** verification | activation | security | document */
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** high | medium | low */
    priority: text('priority').notNull(),
    /** unread | in_progress | resolved */
    status: text('status').notNull().default('unread'),
    /** Raising the same alert twice (a job run again) is one alert. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('estate_alerts_estate_idx').on(t.estateId, t.createdAt), uniqueIndex('estate_alerts_dedupe_unique').on(t.dedupeKey)],
);
