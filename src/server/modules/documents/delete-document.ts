import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { audit } from '../../lib/audit.ts';
import { dropSealed } from '../../sealed/sealed-contents.ts';
import { discardFiles, retireFiles } from '../../storage/stored-files.ts';
import { filesOfDocument } from './document-versions.ts';
import { findOwnDocument } from './find-own-document.ts';

/**
 * Deletes a document with every version's file: the row is locked (a replace running at the same
 * time either finishes first, and its file is counted, or finds no document), then the rows go,
 * then the files (hidden in the same transaction, so a crash before they go leaves them to the sweep).
 */
export async function deleteDocument(ctx: Ctx, id: string): Promise<void> {
  const doc = await findOwnDocument(ctx, id);
  const fileRows = await inTransaction(ctx.db, async (db) => {
    const [locked] = await db.select({ id: documents.id, fileId: documents.fileId }).from(documents).where(eq(documents.id, doc.id)).for('update');
    if (!locked) return [];
    const rows = await filesOfDocument(db, locked);
    await dropSealed(db, 'document', doc.id);
    await db.delete(documents).where(eq(documents.id, doc.id));
    return retireFiles(db, rows.map((r) => r.id));
  });
  await discardFiles(ctx, fileRows);
  await audit(ctx, { action: 'document.deleted', targetType: 'document', targetId: id });
}
