import type { Multipart } from '@fastify/multipart';
import { memoryTypeFor, MEMORY_MAX_ITEMS, type MediaKind, type TCreateMemoryRequest, type TMemory } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { memories } from '../../db/schema/memories.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { commitFiles, discardFiles } from '../../storage/stored-files.ts';
import { getMemory } from './get-memory.ts';
import { fileIdsOf, insertMedia, receiveMemoryParts, type MediaItem } from './memory-parts.ts';

/** The story titles and texts of a memory's items, in order: what full-text search reads besides title and description. */
export const storyTextOf = (stories: { title: string; content: string }[]): string => stories.flatMap((s) => [s.title, s.content]).join('\n\n');

/** Inserts the memory, its media and notes in one transaction and makes its files visible. */
export async function recordMemory(db: Db, ctx: Pick<Ctx, 'clock' | 'secrets'>, estateId: string, createdBy: string | null, input: TCreateMemoryRequest, items: MediaItem[]): Promise<string> {
  const kinds = items.map((i) => i.kind as MediaKind);
  const storyText = storyTextOf(items.flatMap((i) => (i.kind === 'story' ? [i.story] : [])));
  const now = ctx.clock.now();
  return inTransaction(db, async (tx) => {
    const [memory] = await tx
      .insert(memories)
      .values({ estateId, createdBy, title: input.title, date: input.date, description: input.description, type: memoryTypeFor(kinds), storyText, createdAt: now, updatedAt: now })
      .returning({ id: memories.id });
    await insertMedia({ db: tx, clock: ctx.clock, secrets: ctx.secrets }, estateId, memory!.id, items, 0);
    await commitFiles(tx, fileIdsOf(items));
    return memory!.id;
  });
}

/**
 * Create Memory: reads the multipart parts in order (see ZCreateMemoryRequest), streaming each file
 * into storage as it arrives; nothing becomes visible unless the whole memory is saved.
 */
export async function createMemory(ctx: Ctx, parts: AsyncIterable<Multipart>): Promise<TMemory> {
  const estateId = ownEstateId(ctx);
  const { input, items, stored } = await receiveMemoryParts(ctx, estateId, parts, { withData: true, room: MEMORY_MAX_ITEMS });
  try {
    const id = await recordMemory(ctx.db, ctx, estateId, ctx.actor.userId, input!, items);
    await audit(ctx, {
      action: 'memory.created',
      targetType: 'memory',
      targetId: id,
      details: { items: items.length, files: items.filter((i) => i.kind !== 'story').length },
    });
    return getMemory(ctx, id);
  } catch (error) {
    await discardFiles(ctx, stored).catch(() => undefined);
    throw error;
  }
}
