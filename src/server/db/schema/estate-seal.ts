import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';
import { files } from './files.ts';

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
    /** Once M trustees' kits were given after activation: the key they rebuilt, under the master key. */
    openedIdentityEnc: text('opened_identity_enc'),
    openedAt: ts('opened_at'),
  },
  (t) => [
    uniqueIndex('estate_seals_current_unique').on(t.estateId).where(sql`${t.retiredAt} is null`),
    // a tag tells an estate's seals apart (4 random bytes: across all estates two would meet)
    uniqueIndex('estate_seals_estate_tag_unique').on(t.estateId, t.sealTag),
  ],
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
    /** The share, given on the trustee page after activation, under the master key (never before). */
    givenShareEnc: text('given_share_enc'),
    givenAt: ts('given_at'),
  },
  (t) => [uniqueIndex('seal_kits_seal_index_unique').on(t.sealId, t.shareIndex), uniqueIndex('seal_kits_fingerprint_unique').on(t.fingerprint), index('seal_kits_holder_idx').on(t.holderUserId)],
);

/**
 * What the owner sealed (ADR 0098): one row per sealed part of an item — a letter's body, a memory's
 * story, a digital asset's secrets, a document's file. The item's own row keeps its title and a
 * fixed "this is sealed" text, so every screen, search and export that reads it shows that and
 * nothing else. `armored_enc` is the age file, ASCII-armoured, under the master key at rest.
 */
export const sealedContents = pgTable(
  'sealed_contents',
  {
    id: id(),
    sealId: uuid('seal_id')
      .notNull()
      .references(() => estateSeals.id),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    /** future-message | memory | digital-asset | document */
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    /** body | story | secrets | file */
    part: text('part').notNull(),
    /** A text part's age file, armoured, under the master key; null for a file part. */
    armoredEnc: text('armored_enc'),
    /** A file part's age file (a sealed document), stored like every file; null for a text part. */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'cascade' }),
    /** SHA-256 of the age file's bytes (hex), for the capsule's manifest */
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sealed_contents_item_unique').on(t.itemType, t.itemId, t.part),
    index('sealed_contents_seal_idx').on(t.sealId),
    index('sealed_contents_estate_idx').on(t.estateId),
    index('sealed_contents_file_idx').on(t.fileId),
    check('sealed_contents_text_or_file', sql`(${t.armoredEnc} is null) <> (${t.fileId} is null)`),
  ],
);
