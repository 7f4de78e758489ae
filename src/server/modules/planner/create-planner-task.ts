import type { z } from 'zod';
import type { TPlannerTask, ZCreatePlannerTaskRequest } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { plannerTasks } from '../../db/schema/planner.ts';
import { assertForClient, ownPlannerTask } from './planner-task-view.ts';

export async function createPlannerTask(ctx: Ctx, input: z.output<typeof ZCreatePlannerTaskRequest>): Promise<TPlannerTask> {
  await assertForClient(ctx, input.estateId);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(plannerTasks)
    .values({ plannerId: ctx.actor.userId, title: input.title, estateId: input.estateId, dueDate: input.dueDate, createdAt: now, updatedAt: now })
    .returning({ id: plannerTasks.id });
  return ownPlannerTask(ctx, row!.id);
}

/** Edit fields, and complete (completed: true) or reopen (false); completing twice keeps the first time. */
