import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt } from './columns.ts';
import { beneficiaries, estates } from './estates.ts';
import { files } from './files.ts';

export const documentFolders = pgTable(
  'document_folders',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('document_folders_estate_idx').on(t.estateId)],
);

export const documents = pgTable(
  'documents',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => documentFolders.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** legal | financial | personal | other */
    type: text('type').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    shareAll: boolean('share_all').notNull().default(false),
    /** now | after_activation */
    release: text('release').notNull().default('now'),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    /**
     * Sealed (ADR 0098, 0099): the file is an age file the owner's browser made, opened only with the
     * Owner Kit or, after activation, the trustees' kits; `mime_type` is what the owner's browser said.
     */
    sealed: boolean('sealed').notNull().default(false),
    /** The current version's number (1 at upload, +1 per replace); earlier ones are in document_versions. */
    version: integer('version').notNull().default(1),
    /**
     * The current file's text (PDF, DOCX), capped, for search only (ADR 0035). NULL until the
     * extract-document-text job has read the file; '' when it holds no readable text.
     */
    contentText: text('content_text'),
    // The title outweighs the body (A above B), so ts_rank puts title matches first.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content_text, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the owner's list and Shared Documents, read backwards: newest first by (createdAt, id), paged by keyset
    index('documents_estate_order_idx').on(t.estateId, t.createdAt, t.id),
    // every count of the list and the dashboard (per type, per folder) as an index-only scan
    index('documents_estate_type_folder_idx').on(t.estateId, t.type, t.folderId),
    index('documents_search_idx').using('gin', t.searchVector),
    // a title as typed or with a typo: ILIKE and <% through trigrams (pg_trgm)
    index('documents_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // admin Reports count documents created per day/week/month (counts only)
    index('documents_created_idx').on(t.createdAt),
    // the text extraction sweep finds the documents still waiting for their text
    index('documents_text_pending_idx').on(t.createdAt).where(sql`content_text is null`),
  ],
);

/**
 * Earlier versions of a document's file (ADR 0034): kept, listed and downloadable by the owner
 * until deleted. The current version is the document's own file_id; beneficiaries see only that.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_versions_document_version_idx').on(t.documentId, t.version)],
);

export const documentShares = pgTable(
  'document_shares',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.beneficiaryId] }),
    index('document_shares_beneficiary_idx').on(t.beneficiaryId),
  ],
);
