import { and, desc, eq } from 'drizzle-orm';
import { DOCUMENT_MAX_VERSIONS, type TDocumentVersion, type TDocumentVersionList } from '../../../core/documents.schemas.ts';
import { fileUrl } from '../../../core/files.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { files } from '../../db/schema/files.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { discardFiles, retireFiles, type FileRow } from '../../storage/stored-files.ts';
import { findOwnDocument } from './find-own-document.ts';

const versionOf = (version: number, current: boolean, file: FileRow): TDocumentVersion => ({
  version,
  current,
  file: { id: file.id, name: file.originalName, mimeType: file.mimeType, size: file.size, url: fileUrl(file.id) },
  uploadedAt: file.createdAt.toISOString(),
});

/**
 * The document's versions, newest first: the current one, then the earlier ones kept. A bounded list,
 * not paged (ADR 0059): Replace File refuses a version past DOCUMENT_MAX_VERSIONS, and the list reads
 * no more than that many whatever the table holds (document_versions_document_version_idx, backwards).
 */
export async function listDocumentVersions(ctx: Ctx, id: string): Promise<TDocumentVersionList> {
  const doc = await findOwnDocument(ctx, id);
  const [[current], earlier] = await Promise.all([
    ctx.db.select().from(files).where(eq(files.id, doc.fileId)),
    ctx.db
      .select({ version: documentVersions.version, file: files })
      .from(documentVersions)
      .innerJoin(files, eq(files.id, documentVersions.fileId))
      .where(eq(documentVersions.documentId, doc.id))
      .orderBy(desc(documentVersions.version))
      .limit(DOCUMENT_MAX_VERSIONS - 1),
  ]);
  return {
    items: [...(current ? [versionOf(doc.version, true, current)] : []), ...earlier.map((row) => versionOf(row.version, false, row.file))],
  };
}

/**
 * Deletes one earlier version and its file. The current version cannot be deleted (ADR 0034):
 * promoting an older file would silently change what beneficiaries see.
 */
export async function deleteDocumentVersion(ctx: Ctx, id: string, version: number): Promise<void> {
  const doc = await findOwnDocument(ctx, id);
  if (version === doc.version) {
    throw conflict('This is the current version. Upload a replacement first, or delete the whole document.');
  }
  const removed = await inTransaction(ctx.db, async (db) => {
    const [row] = await db
      .delete(documentVersions)
      .where(and(eq(documentVersions.documentId, doc.id), eq(documentVersions.version, version)))
      .returning({ fileId: documentVersions.fileId });
    if (!row) throw notFound('That version');
    return retireFiles(db, [row.fileId]);
  });
  await discardFiles(ctx, removed);
  await audit(ctx, { action: 'document.version_deleted', targetType: 'document', targetId: doc.id, details: { version } });
}

/** Every file of a document: the current one and each earlier version's (for deleting the document). */
export async function filesOfDocument(db: Db, doc: { id: string; fileId: string }) {
  const earlier = await db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(documentVersions)
    .innerJoin(files, eq(files.id, documentVersions.fileId))
    .where(eq(documentVersions.documentId, doc.id));
  const [current] = await db.select({ id: files.id, storageKey: files.storageKey }).from(documents).innerJoin(files, eq(files.id, documents.fileId)).where(eq(documents.id, doc.id));
  return [...(current ? [current] : []), ...earlier];
}
