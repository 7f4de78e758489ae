import { eq } from 'drizzle-orm';
import type { TDocument } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { loadDocuments } from './document-view.ts';

export async function getDocument(ctx: Ctx, id: string): Promise<TDocument> {
  const estateId = ownEstateId(ctx, 'That document');
  const [doc] = await loadDocuments(ctx, estateId, eq(documents.id, id));
  if (!doc) throw notFound('That document');
  return doc.item;
}
