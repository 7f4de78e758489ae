import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { files } from '../../db/schema/files.ts';
import { audit } from '../../lib/audit.ts';
import { discardFiles } from '../../storage/stored-files.ts';
import { findOwnDocument } from './find-own-document.ts';

export async function deleteDocument(ctx: Ctx, id: string): Promise<void> {
  const doc = await findOwnDocument(ctx, id);
  const fileRows = await ctx.db.select({ id: files.id, storageKey: files.storageKey }).from(files).where(eq(files.id, doc.fileId));
  await ctx.db.delete(documents).where(eq(documents.id, doc.id));
  await discardFiles(ctx, fileRows);
  await audit(ctx, { action: 'document.deleted', targetType: 'document', targetId: id });
}
