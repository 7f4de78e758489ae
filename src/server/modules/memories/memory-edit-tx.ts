import { and, asc, eq } from 'drizzle-orm';
import { memoryTypeFor, type MediaKind } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { storyTextOf } from './create-memory.ts';

/**
 * Runs a change to a memory's media in one transaction, with the memory row locked (so concurrent
 * edits of one memory apply one after another, each seeing the other's result), then refreshes what
 * follows the media: the type, the story text full-text search reads, and the update time.
 * Another estate's memory is "not found".
 */
export async function editMemoryMedia<T>(ctx: Ctx, memoryId: string, change: (tx: Db, memoryId: string) => Promise<T>): Promise<T> {
  const estateId = ownEstateId(ctx, 'That memory');
  return inTransaction(ctx.db, async (tx) => {
    const [memory] = await tx
      .select({ id: memories.id })
      .from(memories)
      .where(and(eq(memories.id, memoryId), eq(memories.estateId, estateId)))
      .for('update');
    if (!memory) throw notFound('That memory');
    const result = await change(tx, memory.id);
    const media = await tx
      .select({ kind: memoryMedia.kind, title: memoryMedia.title, content: memoryMedia.content })
      .from(memoryMedia)
      .where(eq(memoryMedia.memoryId, memory.id))
      .orderBy(asc(memoryMedia.position));
    await tx
      .update(memories)
      .set({
        type: memoryTypeFor(media.map((m) => m.kind as MediaKind)),
        storyText: storyTextOf(media.filter((m) => m.kind === 'story')),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(memories.id, memory.id));
    return result;
  });
}
