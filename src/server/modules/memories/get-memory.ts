import type { TMemory } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { audienceSize } from '../../access/sharing.ts';
import { findOwnMemory } from './find-own-memory.ts';
import { withMemoryParts } from './memory-view.ts';

export async function getMemory(ctx: Ctx, id: string): Promise<TMemory> {
  const [row, size] = await Promise.all([findOwnMemory(ctx, id), audienceSize(ctx, ownEstateId(ctx, 'That memory'))]);
  const [memory] = await withMemoryParts(ctx, [row], size);
  return memory as TMemory;
}
