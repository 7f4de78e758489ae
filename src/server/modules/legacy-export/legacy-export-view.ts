import { and, desc, eq } from 'drizzle-orm';
import type { TLegacyExport, TLegacyExportStatus } from '../../../core/legacy-export.schemas.ts';
import type { Db } from '../../db/client.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';

export type LegacyExportRow = typeof legacyExports.$inferSelect;

/** The files row status of a built archive: never served by the file routes, never swept as debris. */
export const ARCHIVE_FILE_STATUS = 'archive';

export function toLegacyExport(row: LegacyExportRow): TLegacyExport {
  return {
    id: row.id,
    status: row.status as TLegacyExportStatus,
    includeSecrets: row.includeSecrets,
    totalFiles: row.totalFiles,
    packedFiles: row.packedFiles,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The user's newest export (any state), or null. */
export async function latestExportOf(db: Db, userId: string): Promise<LegacyExportRow | null> {
  const [row] = await db.select().from(legacyExports).where(eq(legacyExports.userId, userId)).orderBy(desc(legacyExports.createdAt)).limit(1);
  return row ?? null;
}

/** One export of this user by id; another user's id is null (the caller answers 404). */
export async function ownExport(db: Db, userId: string, id: string): Promise<LegacyExportRow | null> {
  const [row] = await db.select().from(legacyExports).where(and(eq(legacyExports.id, id), eq(legacyExports.userId, userId)));
  return row ?? null;
}
