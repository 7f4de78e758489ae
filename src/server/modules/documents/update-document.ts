import { eq } from 'drizzle-orm';
import type { TDocument, TUpdateDocumentRequest } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { findOwnDocument, findOwnFolder } from './find-own-document.ts';
import { getDocument } from './get-document.ts';

/** Rename, recategorise or move a document to a folder (null: out of any folder). */
export async function updateDocument(ctx: Ctx, id: string, input: TUpdateDocumentRequest): Promise<TDocument> {
  const doc = await findOwnDocument(ctx, id);
  if (input.folderId) await findOwnFolder(ctx, input.folderId);
  await ctx.db
    .update(documents)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.folderId !== undefined ? { folderId: input.folderId } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(documents.id, doc.id));
  return getDocument(ctx, id);
}
