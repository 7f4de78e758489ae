import { eq, sql } from 'drizzle-orm';
import type { TMemory, TReorderMediaRequest } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { getMemory } from './get-memory.ts';
import { editMemoryMedia } from './memory-edit-tx.ts';

/**
 * Puts a memory's media in a new order. The list must name every item of this memory exactly once
 * (checked under the lock, so an item added or removed meanwhile makes the list stale: a 400).
 */
export async function reorderMemoryMedia(ctx: Ctx, id: string, input: TReorderMediaRequest): Promise<TMemory> {
  const ids = input.mediaIds;
  if (new Set(ids).size !== ids.length) throw badRequest('Each item can appear only once in the new order.', { mediaIds: 'An item is listed twice' });
  await editMemoryMedia(ctx, id, async (tx, memoryId) => {
    const current = new Set((await tx.select({ id: memoryMedia.id }).from(memoryMedia).where(eq(memoryMedia.memoryId, memoryId))).map((m) => m.id));
    if (ids.some((mediaId) => !current.has(mediaId))) throw badRequest('The new order names an item that is not in this memory.', { mediaIds: 'Not an item of this memory' });
    if (ids.length !== current.size) throw badRequest('The new order must list every item of the memory.', { mediaIds: 'An item is missing' });
    const order = sql`ARRAY[${sql.join(ids.map((mediaId) => sql`${mediaId}`), sql`, `)}]::uuid[]`;
    await tx
      .update(memoryMedia)
      .set({ position: sql`array_position(${order}, ${memoryMedia.id}) - 1` })
      .where(eq(memoryMedia.memoryId, memoryId));
  });
  await audit(ctx, { action: 'memory.media_reordered', targetType: 'memory', targetId: id, details: { items: ids.length } });
  return getMemory(ctx, id);
}
