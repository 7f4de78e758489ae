import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

/**
 * "This is a mistake — I am alive" (ADR 0075): the owner of an active estate asks staff to check the
 * activation. It changes nothing by itself. The estate's administrator proposes the reversal, a
 * different platform admin approves (the estate goes back to planning) or rejects it.
 * At most one review per estate is undecided (open or proposed) at a time.
 */
export const activationReviews = pgTable(
  'activation_reviews',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: ts('opened_at').notNull(),
    /** open | proposed | approved | rejected */
    status: text('status').notNull().default('open'),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedAt: ts('proposed_at'),
    proposalReason: text('proposal_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('activation_reviews_estate_idx').on(t.estateId, t.openedAt),
    uniqueIndex('activation_reviews_one_undecided').on(t.estateId).where(sql`${t.status} in ('open', 'proposed')`),
    index('activation_reviews_proposed_idx').on(t.proposedAt).where(sql`${t.status} = 'proposed'`),
  ],
);
