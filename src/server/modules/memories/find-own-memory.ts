import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { memories } from '../../db/schema/memories.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';

/** The memory row when it is in the actor's estate; "not found" otherwise. */
export async function findOwnMemory(ctx: Ctx, id: string) {
  const [memory] = await ctx.db
    .select()
    .from(memories)
    .where(and(eq(memories.id, id), eq(memories.estateId, ownEstateId(ctx, 'That memory'))));
  if (!memory) throw notFound('That memory');
  return memory;
}
