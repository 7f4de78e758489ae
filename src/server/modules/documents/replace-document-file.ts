import type { Multipart } from '@fastify/multipart';
import { count, eq } from 'drizzle-orm';
import { DOCUMENT_MAX_VERSIONS, type TDocument } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { commitFiles } from '../../storage/stored-files.ts';
import { findOwnDocument } from './find-own-document.ts';
import { getDocument } from './get-document.ts';
import { queueTextExtraction, receiveDocumentFile, withReceivedFile } from './receive-document-file.ts';

const tooManyVersions = () =>
  conflict(`This document already keeps ${DOCUMENT_MAX_VERSIONS} versions. Delete an earlier version before uploading another.`, {
    file: 'Delete an earlier version first',
  });

/** An earlier version kept beside a sealed file would stay sealed to a seal the owner may later replace (ADR 0099). */
const sealedNotReplaced = () =>
  conflict('A sealed document’s file cannot be replaced. Upload the new one sealed, then delete this one.', { file: 'Upload it as a new sealed document' });

const previousVersionCount = async (db: Db, documentId: string) =>
  Number((await db.select({ n: count() }).from(documentVersions).where(eq(documentVersions.documentId, documentId)))[0]?.n ?? 0);

/**
 * Replace File (ADR 0034): a new file becomes the document's current version; the one it replaces
 * is kept as an earlier version, listed and downloadable by the owner only. The file streams
 * through the same checks as an upload. Concurrent replaces are serialised on the document row,
 * so each gets its own version number and no file is lost. The new file's text is read for
 * search afterwards (ADR 0035); until then the document is found by its title.
 */
export async function replaceDocumentFile(ctx: Ctx, id: string, parts: AsyncIterable<Multipart>): Promise<TDocument> {
  const doc = await findOwnDocument(ctx, id);
  const { file } = await receiveDocumentFile(ctx, doc.estateId, parts, async () => {
    if (doc.sealed) throw sealedNotReplaced();
    if ((await previousVersionCount(ctx.db, doc.id)) + 1 >= DOCUMENT_MAX_VERSIONS) throw tooManyVersions();
    return { sealed: false };
  });
  if (!file) throw badRequest('Choose a file to upload.', { file: 'Choose a PDF, DOC or DOCX file' });
  const version = await withReceivedFile(ctx, file, (stored) =>
    inTransaction(ctx.db, async (db) => {
      const [current] = await db.select().from(documents).where(eq(documents.id, doc.id)).for('update');
      if (!current) throw notFound('That document');
      if ((await previousVersionCount(db, doc.id)) + 1 >= DOCUMENT_MAX_VERSIONS) throw tooManyVersions();
      const now = ctx.clock.now();
      await db.insert(documentVersions).values({ documentId: doc.id, version: current.version, fileId: current.fileId, createdAt: now });
      await db
        .update(documents)
        .set({ fileId: stored.id, version: current.version + 1, size: stored.size, mimeType: stored.mimeType, contentText: null, updatedAt: now })
        .where(eq(documents.id, doc.id));
      await commitFiles(db, [stored.id]);
      return current.version + 1;
    }),
  );
  await audit(ctx, { action: 'document.file_replaced', targetType: 'document', targetId: doc.id, details: { version, size: file.size } });
  await queueTextExtraction(ctx, doc.id);
  return getDocument(ctx, doc.id);
}
