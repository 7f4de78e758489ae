import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { ownTask } from '../../views/task-view.ts';

export async function deleteTask(ctx: Ctx, id: string): Promise<void> {
  await ownTask(ctx, id);
  await ctx.db.delete(tasks).where(eq(tasks.id, id));
}
