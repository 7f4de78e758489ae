import { eq } from 'drizzle-orm';
import type { TMemory, TUpdateMemoryRequest } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memories } from '../../db/schema/memories.ts';
import { audit } from '../../lib/audit.ts';
import { findOwnMemory } from './find-own-memory.ts';
import { getMemory } from './get-memory.ts';

/** Edit Memory: changes the title, date and/or description (search follows: its vector is generated from them). */
export async function updateMemory(ctx: Ctx, id: string, input: TUpdateMemoryRequest): Promise<TMemory> {
  const memory = await findOwnMemory(ctx, id);
  await ctx.db
    .update(memories)
    .set({ ...input, updatedAt: ctx.clock.now() })
    .where(eq(memories.id, memory.id));
  await audit(ctx, { action: 'memory.updated', targetType: 'memory', targetId: memory.id, details: { fields: Object.keys(input) } });
  return getMemory(ctx, memory.id);
}
