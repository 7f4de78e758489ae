import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { estates } from './estates.ts';
import { estateReports } from './lifecycle.ts';
import { users } from './users.ts';

/**
 * The safeguards a report started (issue 13, part C), fixed when it was made: the veto window's end,
 * how many trustee confirmations it needs, how long each trustee has, and the owner's daily reminder.
 */
export const reportSafeguards = pgTable(
  'report_safeguards',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => estateReports.id, { onDelete: 'cascade' }),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    /** Nothing can be activated before this instant. */
    windowEndsAt: ts('window_ends_at').notNull(),
    /** Confirmations needed before the proofs can be verified (0: no trustees were named). */
    quorumNeeded: integer('quorum_needed').notNull(),
    responseHours: integer('response_hours').notNull(),
    /** When the quorum was reached (null: not yet, or none needed). */
    quorumReachedAt: ts('quorum_reached_at'),
    /** The calendar day (system time zone) of the owner's last veto reminder: one per day. */
    ownerRemindedOn: date('owner_reminded_on'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('report_safeguards_estate_idx').on(t.estateId)],
);

/** One trustee asked to confirm or deny a report, in one round of asking. */
export const trusteeRequests = pgTable(
  'trustee_requests',
  {
    id: id(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => estateReports.id, { onDelete: 'cascade' }),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    askedAt: ts('asked_at').notNull(),
    dueAt: ts('due_at').notNull(),
    /** confirmed | denied | null (not answered) */
    answer: text('answer'),
    answeredAt: ts('answered_at'),
    /** Set when the deadline passed unanswered and the next in line was asked. */
    passedOverAt: ts('passed_over_at'),
  },
  (t) => [uniqueIndex('trustee_requests_report_user_round').on(t.reportId, t.userId, t.round), index('trustee_requests_user_idx').on(t.userId)],
);
