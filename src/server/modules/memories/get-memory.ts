import { eq } from 'drizzle-orm';
import type { TMemory } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memories } from '../../db/schema/memories.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { loadMemories } from './memory-view.ts';

export async function getMemory(ctx: Ctx, id: string): Promise<TMemory> {
  const [memory] = await loadMemories(ctx, ownEstateId(ctx, 'That memory'), eq(memories.id, id));
  if (!memory) throw notFound('That memory');
  return memory;
}
