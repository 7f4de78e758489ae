import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { beneficiaries, estates } from './estates.ts';

/**
 * The activation snapshot (ADR 0045): when an estate becomes active, what each beneficiary receives
 * is frozen into a manifest (items and each file's SHA-256 of its plain content). `manifest` holds
 * the exact bytes served for download; `sha256` is their hash, also written into the estate's audit
 * chain (action `estate.snapshot_frozen`) so a swapped manifest shows.
 */
export const estateSnapshots = pgTable(
  'estate_snapshots',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
    manifest: text('manifest').notNull(),
    sha256: text('sha256').notNull(),
    itemCount: integer('item_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('estate_snapshots_beneficiary_uq').on(t.estateId, t.beneficiaryId), index('estate_snapshots_beneficiary_idx').on(t.beneficiaryId)],
);
