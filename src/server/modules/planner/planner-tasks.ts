/** The planner's own to-do list (wireframe "Planner task": task, for, due): list, add, edit, complete, delete. */
import { and, count, eq, isNull } from 'drizzle-orm';
import {
  PLANNER_TASKS_LIMIT,
  type TPlannerTask,
  type TPlannerTaskList,
  type TUpdatePlannerTaskRequest,
  type ZCreatePlannerTaskRequest,
} from '../../../core/planner.schemas.ts';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { plannerTasks } from '../../db/schema/planner.ts';
import { assertForClient, ownPlannerTask, PLANNER_TASK_ORDER, plannerTaskRows, toPlannerTask } from './planner-task-view.ts';

export async function openPlannerTaskCount(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(plannerTasks)
    .where(and(eq(plannerTasks.plannerId, ctx.actor.userId), isNull(plannerTasks.completedAt)));
  return row?.n ?? 0;
}

export async function listPlannerTasks(ctx: Ctx, limit = PLANNER_TASKS_LIMIT, openOnly = false): Promise<TPlannerTaskList> {
  const [rows, openCount] = await Promise.all([
    plannerTaskRows(ctx, openOnly ? isNull(plannerTasks.completedAt) : undefined)
      .orderBy(...PLANNER_TASK_ORDER)
      .limit(limit),
    openPlannerTaskCount(ctx),
  ]);
  return { tasks: rows.map(toPlannerTask), openCount };
}

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

export async function deletePlannerTask(ctx: Ctx, id: string): Promise<void> {
  await ownPlannerTask(ctx, id);
  await ctx.db.delete(plannerTasks).where(and(eq(plannerTasks.id, id), eq(plannerTasks.plannerId, ctx.actor.userId)));
}
