import type { TSharedMemoriesQuery, TSharedMemory } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadSharedMemories } from './shared-views.ts';

/** Shared Memories: every memory the viewer may see, searchable (full text) and filterable by type and owner. */
export function listSharedMemories(ctx: Ctx, query: TSharedMemoriesQuery): Promise<TSharedMemory[]> {
  return loadSharedMemories(ctx, query);
}
