import { and, count, eq, isNull } from 'drizzle-orm';
import { PLANNER_TASKS_LIMIT, type TPlannerTaskList } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { plannerTasks } from '../../db/schema/planner.ts';
import { PLANNER_TASK_ORDER, plannerTaskRows, toPlannerTask } from './planner-task-view.ts';

/** The planner's own to-do list: open first (soonest due first), then the most recently completed; bounded. */
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
