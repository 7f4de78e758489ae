import { pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

/**
 * Who the owner names to settle the estate after activation (issue 28, ADR 0102): an executor and,
 * optionally, a deputy — one row per position. Each is one of the estate's beneficiaries with an
 * account or its estate administrator; access/executors.ts counts them only while they still are.
 */
export const estateExecutors = pgTable(
  'estate_executors',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    /** executor | deputy */
    position: text('position').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    namedAt: ts('named_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.position] }), uniqueIndex('estate_executors_estate_user_unique').on(t.estateId, t.userId)],
);
