import { and, eq } from 'drizzle-orm';
import type { TPlannerTask, TUpdatePlannerTaskRequest } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { plannerTasks } from '../../db/schema/planner.ts';
import { assertForClient, ownPlannerTask } from './planner-task-view.ts';

/** Edit fields, and complete (completed: true) or reopen (false); completing twice keeps the first time. */
export async function updatePlannerTask(ctx: Ctx, id: string, input: TUpdatePlannerTaskRequest): Promise<TPlannerTask> {
  const current = await ownPlannerTask(ctx, id);
  await assertForClient(ctx, input.estateId);
  const { completed, ...fields } = input;
  const now = ctx.clock.now();
  const completedAt = completed === undefined ? {} : { completedAt: completed ? (current.completedAt ? new Date(current.completedAt) : now) : null };
  await ctx.db
    .update(plannerTasks)
    .set({ ...fields, ...completedAt, updatedAt: now })
    .where(and(eq(plannerTasks.id, id), eq(plannerTasks.plannerId, ctx.actor.userId)));
  return ownPlannerTask(ctx, id);
}
