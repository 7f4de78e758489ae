import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

/**
 * An estate's seal (issue 27, ADR 0098): the public half of an age X25519 key made in the owner's
 * browser. The private half exists only on the kits: whole on the Owner Kit, split M-of-N on the
 * trustees' kits. At most one seal per estate is current; a replaced one keeps its row (retired_at)
 * so an old kit is recognised as old rather than as a typo.
 */
export const estateSeals = pgTable(
  'estate_seals',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    /** 8 hex characters written on every kit of this seal. */
    sealTag: text('seal_tag').notNull(),
    /** `age1…` */
    recipient: text('recipient').notNull(),
    threshold: integer('threshold').notNull(),
    shareCount: integer('share_count').notNull(),
    createdAt: createdAt(),
    retiredAt: ts('retired_at'),
  },
  (t) => [uniqueIndex('estate_seals_current_unique').on(t.estateId).where(sql`${t.retiredAt} is null`), uniqueIndex('estate_seals_tag_unique').on(t.sealTag)],
);

/** One trustee's kit of a seal: who holds it and how to recognise it; never the share itself. */
export const sealKits = pgTable(
  'seal_kits',
  {
    id: id(),
    sealId: uuid('seal_id')
      .notNull()
      .references(() => estateSeals.id, { onDelete: 'cascade' }),
    /** k of N, as printed on the kit */
    shareIndex: integer('share_index').notNull(),
    /** null once the holder's account is gone: the kit still counts if someone gives it later */
    holderUserId: uuid('holder_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** core/seal/seal-keys.ts shareFingerprint: SHA-256 of a label and the share */
    fingerprint: text('fingerprint').notNull(),
    /** the kit's last four characters, which the holder types back to confirm they stored it */
    checkGroup: text('check_group').notNull(),
    storedAt: ts('stored_at'),
  },
  (t) => [uniqueIndex('seal_kits_seal_index_unique').on(t.sealId, t.shareIndex), uniqueIndex('seal_kits_fingerprint_unique').on(t.fingerprint), index('seal_kits_holder_idx').on(t.holderUserId)],
);
