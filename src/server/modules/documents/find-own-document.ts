import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { documentFolders, documents } from '../../db/schema/documents.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';

export async function findOwnDocument(ctx: Ctx, id: string) {
  const [doc] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.estateId, ownEstateId(ctx, 'That document'))));
  if (!doc) throw notFound('That document');
  return doc;
}

export async function findOwnFolder(ctx: Ctx, id: string) {
  const [folder] = await ctx.db
    .select()
    .from(documentFolders)
    .where(and(eq(documentFolders.id, id), eq(documentFolders.estateId, ownEstateId(ctx, 'That folder'))));
  if (!folder) throw notFound('That folder');
  return folder;
}
