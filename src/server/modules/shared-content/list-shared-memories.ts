import type { TSharedMemoriesQuery, TSharedMemoryPage } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { pageSharedMemories } from './shared-views.ts';

/** Shared Memories: every memory the viewer may see, searchable (full text) and filterable by type and owner, a page at a time. */
export function listSharedMemories(ctx: Ctx, query: TSharedMemoriesQuery): Promise<TSharedMemoryPage> {
  return pageSharedMemories(ctx, query);
}
