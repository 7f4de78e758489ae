import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt } from './columns.ts';
import { beneficiaries, estates } from './estates.ts';
import { files } from './files.ts';
import { users } from './users.ts';

export const memories = pgTable(
  'memories',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    date: date('date').notNull(),
    description: text('description').notNull().default(''),
    /** photo_album | video | audio | letter — follows the media (core) */
    type: text('type').notNull(),
    /** Story titles and texts, kept here so full-text search covers them. */
    storyText: text('story_text').notNull().default(''),
    shareAll: boolean('share_all').notNull().default(false),
    /** now | after_activation */
    release: text('release').notNull().default('now'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(story_text, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the owner's list, read backwards: newest first by (date, createdAt, id), paged by keyset
    index('memories_estate_order_idx').on(t.estateId, t.date, t.createdAt, t.id),
    // Shared Memories pages by (date, id) within the viewer's estates; recent activity by (created_at, id).
    index('memories_estate_day_idx').on(t.estateId, t.date, t.id),
    index('memories_estate_created_idx').on(t.estateId, t.createdAt, t.id),
    index('memories_search_idx').using('gin', t.searchVector),
    // a title as typed ("gard" → Garden) or with a typo: ILIKE and <% through trigrams (pg_trgm)
    index('memories_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // admin Reports count memories created per day/week/month (counts only)
    index('memories_created_idx').on(t.createdAt),
  ],
);

export const memoryMedia = pgTable(
  'memory_media',
  {
    id: id(),
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    /** photo | video | audio | story */
    kind: text('kind').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    /** A sealed story (ADR 0101): `content` is SEALED_TEXT; the story is in sealed_contents (memory, this id, story). */
    sealed: boolean('sealed').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('memory_media_memory_idx').on(t.memoryId)],
);

export const memoryNotes = pgTable(
  'memory_notes',
  {
    id: id(),
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('memory_notes_memory_idx').on(t.memoryId)],
);

export const memoryShares = pgTable(
  'memory_shares',
  {
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memoryId, t.beneficiaryId] }), index('memory_shares_beneficiary_idx').on(t.beneficiaryId)],
);
