import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { files } from '../../db/schema/files.ts';
import { readStoredFile } from '../../storage/stored-files.ts';
import { extractDocumentText } from './extract-text.ts';

/** Documents read per sweep run (each one at most a 10 MB file). */
const SWEEP_BATCH = 50;

/**
 * Reads the text of documents still waiting for it (content_text IS NULL): one document when
 * `documentId` is given (just uploaded or replaced), else the oldest waiting ones. The text is
 * written only if the document still has the file that was read, so a replace in the meantime
 * wins. Returns counts only: the text is document content and never leaves the database row.
 */
export async function fillDocumentText(ctx: Pick<Deps, 'db' | 'files' | 'secrets'>, documentId?: string): Promise<{ read: number; withText: number }> {
  const waiting = await ctx.db
    .select({ id: documents.id, file: files })
    .from(documents)
    .innerJoin(files, and(eq(files.id, documents.fileId), eq(files.status, 'committed')))
    .where(and(isNull(documents.contentText), documentId ? eq(documents.id, documentId) : undefined))
    .orderBy(asc(documents.createdAt))
    .limit(documentId ? 1 : SWEEP_BATCH);
  let withText = 0;
  for (const doc of waiting) {
    const text = await extractDocumentText(await readStoredFile(ctx, doc.file), doc.file.mimeType);
    if (text) withText++;
    await ctx.db
      .update(documents)
      .set({ contentText: text })
      .where(and(eq(documents.id, doc.id), eq(documents.fileId, doc.file.id), isNull(documents.contentText)));
  }
  return { read: waiting.length, withText };
}
