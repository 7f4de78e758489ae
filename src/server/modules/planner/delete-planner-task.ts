import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { plannerTasks } from '../../db/schema/planner.ts';
import { ownPlannerTask } from './planner-task-view.ts';

export async function deletePlannerTask(ctx: Ctx, id: string): Promise<void> {
  await ownPlannerTask(ctx, id);
  await ctx.db.delete(plannerTasks).where(and(eq(plannerTasks.id, id), eq(plannerTasks.plannerId, ctx.actor.userId)));
}
