import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { beneficiaries, estates } from './estates.ts';

/**
 * Incapacity mode (ADR 0048): one row per (beneficiary, category) the owner chose to open, read-only,
 * while the estate is in incapacity mode. The access policy (access/policy.ts) reads it; it opens
 * nothing in any other status. Rows are kept when the mode ends (the owner's choice stands).
 */
export const incapacityGrants = pgTable(
  'incapacity_grants',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
    /** key of INCAPACITY_CATEGORIES (core/incapacity.schemas.ts) */
    category: text('category').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('incapacity_grants_unique').on(t.beneficiaryId, t.category), index('incapacity_grants_estate_idx').on(t.estateId)],
);
