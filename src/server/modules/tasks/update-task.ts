import { eq } from 'drizzle-orm';
import type { TTask, TUpdateTaskRequest } from '../../../core/tasks.schemas.ts';
import type { Ctx } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { ownTask, taskWithSuggester } from '../../views/task-view.ts';

export async function updateTask(ctx: Ctx, id: string, input: TUpdateTaskRequest): Promise<TTask> {
  const row = await ownTask(ctx, id);
  if (Object.keys(input).length === 0) return taskWithSuggester(ctx.db, row);
  const [updated] = await ctx.db
    .update(tasks)
    .set({ ...input, updatedAt: ctx.clock.now() })
    .where(eq(tasks.id, id))
    .returning();
  return taskWithSuggester(ctx.db, updated ?? row);
}
