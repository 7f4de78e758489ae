import type { TSharedDocumentPage, TSharedDocumentsQuery } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { pageSharedDocuments } from './shared-views.ts';

/** Shared Documents: every document the viewer may see, searchable and filterable by category and owner, a page at a time. */
export function listSharedDocuments(ctx: Ctx, query: TSharedDocumentsQuery): Promise<TSharedDocumentPage> {
  return pageSharedDocuments(ctx, query);
}
