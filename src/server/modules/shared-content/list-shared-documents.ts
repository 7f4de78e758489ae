import type { TSharedDocument, TSharedDocumentsQuery } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadSharedDocuments } from './shared-views.ts';

/** Shared Documents: every document the viewer may see, searchable and filterable by category and owner. */
export function listSharedDocuments(ctx: Ctx, query: TSharedDocumentsQuery): Promise<TSharedDocument[]> {
  return loadSharedDocuments(ctx, query);
}
