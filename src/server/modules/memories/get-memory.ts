import { and, eq } from 'drizzle-orm';
import type { TMemory } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memories } from '../../db/schema/memories.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { audienceSizeSql } from '../../access/sharing.ts';
import { memoryParts, toMemories } from './memory-view.ts';

/** One of the owner's memories with its media, notes and shares (one statement); "not found" for any other. */
export async function getMemory(ctx: Ctx, id: string): Promise<TMemory> {
  const estateId = ownEstateId(ctx, 'That memory');
  const [found] = await ctx.db
    .select({ row: memories, ...memoryParts, audienceSize: audienceSizeSql(estateId) })
    .from(memories)
    .where(and(eq(memories.id, id), eq(memories.estateId, estateId)));
  if (!found) throw notFound('That memory');
  return toMemories([found], found.audienceSize)[0]!;
}
