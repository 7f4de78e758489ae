import { and, eq } from 'drizzle-orm';
import type { TSealedPart } from '../../../core/estate-seal.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownSealedPart } from '../../sealed/own-sealed-part.ts';
import { findOwnMemory } from './find-own-memory.ts';

/** One of the owner's sealed stories as it was sealed, for their browser to open with the Owner Kit. */
export async function getSealedStory(ctx: Ctx, id: string, mediaId: string): Promise<TSealedPart> {
  const memory = await findOwnMemory(ctx, id);
  const [item] = await ctx.db
    .select({ id: memoryMedia.id })
    .from(memoryMedia)
    .where(and(eq(memoryMedia.id, mediaId), eq(memoryMedia.memoryId, memory.id), eq(memoryMedia.sealed, true)));
  if (!item) throw notFound('That sealed story');
  return ownSealedPart(ctx, { itemType: 'memory', itemId: item.id, part: 'story' }, 'That sealed story');
}
