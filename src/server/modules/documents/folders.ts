import { eq } from 'drizzle-orm';
import type { TCreateFolderRequest, TDocumentFolder } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documentFolders } from '../../db/schema/documents.ts';
import { conflict } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { findOwnFolder } from './find-own-document.ts';

/** New Folder. Names are unique per estate, ignoring case. */
export async function createFolder(ctx: Ctx, input: TCreateFolderRequest): Promise<TDocumentFolder> {
  const estateId = ownEstateId(ctx);
  const existing = await ctx.db.select({ name: documentFolders.name }).from(documentFolders).where(eq(documentFolders.estateId, estateId));
  if (existing.some((f) => f.name.toLowerCase() === input.name.toLowerCase())) {
    throw conflict('You already have a folder with that name.', { name: 'Choose another name' });
  }
  const [folder] = await ctx.db.insert(documentFolders).values({ estateId, name: input.name, createdAt: ctx.clock.now() }).returning();
  return { id: folder!.id, name: folder!.name, count: 0 };
}

/** Deletes a folder; its documents stay, outside any folder. */
export async function deleteFolder(ctx: Ctx, id: string): Promise<void> {
  const folder = await findOwnFolder(ctx, id);
  await ctx.db.delete(documentFolders).where(eq(documentFolders.id, folder.id));
}
