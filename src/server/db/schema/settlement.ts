import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { memoryMedia } from './memories.ts';
import { users } from './users.ts';

/**
 * The estate's inventory (issue 28 item 2, ADR 0103): what the executor has to find, value and close,
 * transfer or keep. The owner may pre-fill entries while planning; activation adds one per digital
 * asset and per financial or legal document (source + source_id, once); the executor adds the rest.
 * Each entry carries its institution letter's progress (item 3): sent, the reminder, the answer.
 */
export const inventoryEntries = pgTable(
  'inventory_entries',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    /** key of INVENTORY_KINDS */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    institution: text('institution'),
    /** the institution's postal address, as the executor entered it: a letter is made only with one (ADR 0110) */
    institutionAddress: text('institution_address'),
    /** the account or policy number: shown masked, written whole only into the institution's letter */
    reference: text('reference'),
    /** estimated value, exact to the cent; with its ISO 4217 currency */
    value: numeric('value', { precision: 16, scale: 2 }),
    currency: text('currency'),
    /** key of INVENTORY_ACTIONS, null = not said */
    wishedAction: text('wished_action'),
    /** to whom, when the action is "transfer to" */
    transferTo: text('transfer_to'),
    /** key of INVENTORY_STATUSES */
    status: text('status').notNull().default('todo'),
    statusBy: uuid('status_by').references(() => users.id, { onDelete: 'set null' }),
    statusAt: ts('status_at'),
    /** owner | executor | digital_asset | document */
    source: text('source').notNull(),
    /** the digital asset or document it was built from */
    sourceId: uuid('source_id'),
    letterSentAt: ts('letter_sent_at'),
    /** post | email */
    letterSentVia: text('letter_sent_via'),
    letterSentBy: uuid('letter_sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** remind the executor when no answer came this many days after the letter went */
    remindAfterDays: integer('remind_after_days'),
    answer: text('answer'),
    answeredAt: ts('answered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inventory_entries_estate_name_idx').on(t.estateId, t.name, t.id),
    uniqueIndex('inventory_entries_source_unique').on(t.estateId, t.sourceId).where(sql`${t.sourceId} IS NOT NULL`),
  ],
);

/** The settlement's facts the deadlines count from (issue 28 item 4): where, and the date of death. */
export const estateSettlements = pgTable('estate_settlements', {
  estateId: uuid('estate_id')
    .primaryKey()
    .references(() => estates.id, { onDelete: 'cascade' }),
  /** key of the jurisdiction's rules file (src/core/settlement/jurisdictions/) */
  jurisdiction: text('jurisdiction').notNull(),
  dateOfDeath: date('date_of_death', { mode: 'string' }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * What is due when (issue 28 item 4): one row per jurisdiction rule (rule_key) and per deadline the
 * executor adds (rule_key null). The reminder and the overdue flag are stamped once each, by a
 * guarded update in the job that sends them, so two runs of the job send one of each.
 */
export const settlementDeadlines = pgTable(
  'settlement_deadlines',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    ruleKey: text('rule_key'),
    title: text('title').notNull(),
    detail: text('detail'),
    /** the official page the rule comes from */
    sourceUrl: text('source_url'),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    doneAt: ts('done_at'),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    remindedAt: ts('reminded_at'),
    overdueFlaggedAt: ts('overdue_flagged_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('settlement_deadlines_estate_due_idx').on(t.estateId, t.dueOn, t.id),
    uniqueIndex('settlement_deadlines_rule_unique').on(t.estateId, t.ruleKey).where(sql`${t.ruleKey} IS NOT NULL`),
    index('settlement_deadlines_open_idx').on(t.dueOn).where(sql`${t.doneAt} IS NULL`),
  ],
);

/**
 * The memorial page (issue 28 item 5, ADR 0105): drafted by the owner while planning, published only
 * by those who settle the estate after activation, to family members with an account or to anyone
 * with its unlisted link (`link_token`, made at the first publication and kept, so a shared link
 * keeps working after an unpublish and a new publish).
 */
export const memorials = pgTable('memorials', {
  estateId: uuid('estate_id')
    .primaryKey()
    .references(() => estates.id, { onDelete: 'cascade' }),
  body: text('body').notNull().default(''),
  wishes: text('wishes'),
  donationUrl: text('donation_url'),
  /**
   * The photo the memorial shows: null, or the owner's choice below — never another (ADR 0107).
   * Those who settle the estate may take it off and put it back, not choose another.
   */
  photoMediaId: uuid('photo_media_id').references(() => memoryMedia.id, { onDelete: 'set null' }),
  /** The photo the owner chose for the memorial while planning (one of the estate's unsealed memory photos): written only by the owner. */
  ownerPhotoMediaId: uuid('owner_photo_media_id').references(() => memoryMedia.id, { onDelete: 'set null' }),
  /** draft | published */
  status: text('status').notNull().default('draft'),
  /** family | link (null until first published) */
  audience: text('audience'),
  linkToken: text('link_token').unique(),
  publishedAt: ts('published_at'),
  publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** A message left in a memorial's guestbook: shown only once the executor approves it. */
export const memorialMessages = pgTable(
  'memorial_messages',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    /** the visitor's account, when they were signed in */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('memorial_messages_estate_status_idx').on(t.estateId, t.status, t.createdAt, t.id)],
);
