import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * "Export my legacy" (ADR 0038): one archive of an owner's whole estate, built by the
 * build-legacy-export job and kept encrypted in the FileStore (a files row with status 'archive',
 * never served by the ordinary file routes) until it is downloaded once or its link expires.
 */
export const legacyExports = pgTable(
  'legacy_exports',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** queued | running | ready | downloaded | expired | failed (core/legacy-export.schemas.ts) */
    status: text('status').notNull().default('queued'),
    /** Digital-asset secrets go in only when the owner re-entered the password for this export. */
    includeSecrets: boolean('include_secrets').notNull().default(false),
    totalFiles: integer('total_files').notNull().default(0),
    packedFiles: integer('packed_files').notNull().default(0),
    /** The encrypted archive, once built; cleared when it is deleted. */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    size: bigint('size', { mode: 'number' }),
    expiresAt: ts('expires_at'),
    /** Moved on by the running job; a stale heartbeat means the job died (the sweep fails it). */
    heartbeatAt: ts('heartbeat_at'),
    finishedAt: ts('finished_at'),
    downloadedAt: ts('downloaded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one export in progress per owner, also under concurrent requests.
    uniqueIndex('legacy_exports_one_active').on(t.userId).where(sql`${t.status} in ('queued', 'running')`),
    index('legacy_exports_user_idx').on(t.userId, t.createdAt),
    index('legacy_exports_status_idx').on(t.status),
  ],
);
