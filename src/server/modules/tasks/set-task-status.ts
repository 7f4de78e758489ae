import { eq } from 'drizzle-orm';
import type { TTask } from '../../../core/tasks.schemas.ts';
import type { Ctx } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { ownTask, taskWithSuggester } from '../../views/task-view.ts';

/** Complete a task, or reopen it. Doing it twice is harmless: the task simply stays as asked. */
export async function setTaskStatus(ctx: Ctx, id: string, status: 'pending' | 'completed'): Promise<TTask> {
  const row = await ownTask(ctx, id);
  if (row.status === status) return taskWithSuggester(ctx.db, row);
  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(tasks)
    .set({ status, completedAt: status === 'completed' ? now : null, updatedAt: now })
    .where(eq(tasks.id, id))
    .returning();
  return taskWithSuggester(ctx.db, updated ?? row);
}
