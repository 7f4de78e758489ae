import type { TAddNoteRequest, TMemoryNote } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memoryNotes } from '../../db/schema/memories.ts';
import { findOwnMemory } from './find-own-memory.ts';

/** Add Note: appends a dated note to the memory. */
export async function addMemoryNote(ctx: Ctx, memoryId: string, input: TAddNoteRequest): Promise<TMemoryNote> {
  const memory = await findOwnMemory(ctx, memoryId);
  const [note] = await ctx.db
    .insert(memoryNotes)
    .values({ memoryId: memory.id, createdBy: ctx.actor.userId, text: input.text, createdAt: ctx.clock.now() })
    .returning();
  return { id: note!.id, text: note!.text, createdAt: note!.createdAt.toISOString() };
}
