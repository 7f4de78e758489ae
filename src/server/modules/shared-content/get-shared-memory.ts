import type { TSharedMemoryDetail } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { loadSharedMemoryDetail } from './shared-views.ts';

/** View Memory: a memory the viewer may see, with its text and media; anything else is not found. */
export async function getSharedMemory(ctx: Ctx, id: string): Promise<TSharedMemoryDetail> {
  const memory = await loadSharedMemoryDetail(ctx, id);
  if (!memory) throw notFound('That memory');
  return memory;
}
