import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { files } from '../../db/schema/files.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { discardFiles } from '../../storage/stored-files.ts';
import type { LegacyExportRow } from './legacy-export-view.ts';

/** Deletes an export's archive (row and blob) and forgets it; nothing to do when it has none. */
export async function discardArchive(deps: Pick<Deps, 'db' | 'files'>, row: Pick<LegacyExportRow, 'id' | 'fileId'>): Promise<void> {
  if (!row.fileId) return;
  const stored = await deps.db.select({ id: files.id, storageKey: files.storageKey }).from(files).where(eq(files.id, row.fileId));
  await deps.db.update(legacyExports).set({ fileId: null }).where(eq(legacyExports.id, row.id));
  await discardFiles(deps, stored);
}
