import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

/**
 * The owner's check-in switch (issue 13 item 1, ADR 0046): one row per estate once the owner has
 * turned it on (no row = off). The job's bookkeeping for the current period lives here too:
 * `period_start`/`due_at` are recomputed (core/check-in.ts) on every check-in and settings change,
 * which resets `stage_sent`; the job claims each stage with a guarded UPDATE on (due_at, stage_sent).
 */
export const checkInSettings = pgTable(
  'check_in_settings',
  {
    estateId: uuid('estate_id')
      .primaryKey()
      .references(() => estates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 3, 6, 12 or 18; null = off */
    months: integer('months'),
    lastCheckInAt: ts('last_check_in_at').notNull(),
    /** "Travelling / in hospital until" this date (the owner's zone): no reminders and no miss before it. */
    pausedUntil: date('paused_until', { mode: 'string' }),
    /** The current period: from the last check-in or the pause's end, to when a check-in is due. */
    periodStart: ts('period_start').notNull(),
    dueAt: ts('due_at'),
    /** The last stage sent for this period: 0 none, 1 month reminder, 2 week, 3 day, 4 missed. */
    stageSent: integer('stage_sent').notNull().default(0),
    /** When the job next has something to send for this row (null: nothing until the next check-in). */
    nextStageAt: ts('next_stage_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('check_in_settings_user_unique').on(t.userId),
    index('check_in_settings_next_stage_idx').on(t.nextStageAt),
  ],
);

/** A period that ran out with no check-in: the trustees are asked "Is <owner> all right?" (once per period). */
export const checkInMisses = pgTable(
  'check_in_misses',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    dueAt: ts('due_at').notNull(),
    askedAt: ts('asked_at').notNull(),
    /** When the owner checked in again (the question is closed). */
    resolvedAt: ts('resolved_at'),
  },
  (t) => [uniqueIndex('check_in_misses_estate_due_unique').on(t.estateId, t.dueAt)],
);

/** A trustee's answer to a miss (one per trustee; answering again replaces it). Never releases anything. */
export const checkInAnswers = pgTable(
  'check_in_answers',
  {
    id: id(),
    missId: uuid('miss_id')
      .notNull()
      .references(() => checkInMisses.id, { onDelete: 'cascade' }),
    trusteeUserId: uuid('trustee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** all_right | unreachable */
    answer: text('answer').notNull(),
    note: text('note').notNull().default(''),
    answeredAt: ts('answered_at').notNull(),
  },
  (t) => [uniqueIndex('check_in_answers_miss_trustee_unique').on(t.missId, t.trusteeUserId)],
);
