import { index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

/**
 * The people an owner names, in order, to confirm a report of their death or incapacity before it
 * reaches verification (issue 13: trustee quorum with succession). Each is a linked account of the
 * estate (a beneficiary or support-team member with an account); `position` is the order in which
 * they are asked (1 first). A trustee who does not answer in time is passed over for the next.
 */
export const estateTrustees = pgTable(
  'estate_trustees',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    namedAt: ts('named_at').notNull().defaultNow(),
    /** When the yearly "you are still a trustee" reminder last went out (null: never yet). */
    lastRemindedAt: ts('last_reminded_at'),
  },
  (t) => [uniqueIndex('estate_trustees_estate_user_unique').on(t.estateId, t.userId), index('estate_trustees_estate_idx').on(t.estateId, t.position)],
);

/**
 * The owner's rules for a report about them (one row per estate; no row = the defaults of
 * core/safeguards.schemas.ts): the veto window, and how many trustees must confirm and how long
 * each has to answer.
 */
export const releaseRules = pgTable('release_rules', {
  estateId: uuid('estate_id')
    .primaryKey()
    .references(() => estates.id, { onDelete: 'cascade' }),
  vetoDays: integer('veto_days').notNull(),
  /** M of the N named trustees (ignored while no trustee is named). */
  quorumRequired: integer('quorum_required').notNull(),
  trusteeResponseHours: integer('trustee_response_hours').notNull(),
  updatedAt: updatedAt(),
});
