import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('english', coalesce(title, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_estate_idx').on(t.estateId, t.createdAt),
    index('documents_search_idx').using('gin', t.searchVector),
    // admin Reports count documents created per day/week/month (counts only)
    index('documents_created_idx').on(t.createdAt),
  ],
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
