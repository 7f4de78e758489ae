import type { Multipart } from '@fastify/multipart';
import { count, eq, max } from 'drizzle-orm';
import { MEMORY_MAX_ITEMS, type TMemory } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { commitFiles, discardFiles } from '../../storage/stored-files.ts';
import { findOwnMemory } from './find-own-memory.ts';
import { getMemory } from './get-memory.ts';
import { editMemoryMedia } from './memory-edit-tx.ts';
import { fileIdsOf, insertMedia, receiveMemoryParts } from './memory-parts.ts';

const mediaCount = async (ctx: Ctx, memoryId: string) =>
  (await ctx.db.select({ n: count() }).from(memoryMedia).where(eq(memoryMedia.memoryId, memoryId)))[0]?.n ?? 0;

/**
 * Adds media to a memory (multipart: `story` fields and `photo`/`video`/`audio` files, in order),
 * after its existing items. Files pass the checks of Create Memory while they stream; nothing is
 * visible unless all of them are recorded, and the item limit is checked again under the lock.
 */
export async function addMemoryMedia(ctx: Ctx, id: string, parts: AsyncIterable<Multipart>): Promise<TMemory> {
  const memory = await findOwnMemory(ctx, id);
  const room = MEMORY_MAX_ITEMS - (await mediaCount(ctx, memory.id));
  const { items, stored } = await receiveMemoryParts(ctx, memory.estateId, parts, { withData: false, room });
  try {
    if (!items.length) throw badRequest('Add a photo, video, audio recording or story.');
    await editMemoryMedia(ctx, memory.id, async (tx, memoryId) => {
      const [current] = await tx.select({ n: count(), last: max(memoryMedia.position) }).from(memoryMedia).where(eq(memoryMedia.memoryId, memoryId));
      if ((current?.n ?? 0) + items.length > MEMORY_MAX_ITEMS) throw badRequest(`A memory can hold up to ${MEMORY_MAX_ITEMS} items.`);
      await insertMedia({ ...ctx, db: tx }, memory.estateId, memoryId, items, (current?.last ?? -1) + 1);
      await commitFiles(tx, fileIdsOf(items));
    });
  } catch (error) {
    await discardFiles(ctx, stored).catch(() => undefined);
    throw error;
  }
  await audit(ctx, {
    action: 'memory.media_added',
    targetType: 'memory',
    targetId: memory.id,
    details: { items: items.length, files: items.filter((i) => i.kind !== 'story').length },
  });
  return getMemory(ctx, memory.id);
}
