import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TPlannerTaskPage, TPlannerTaskQuery } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { plannerTasks } from '../../db/schema/planner.ts';
import { afterCursor, ascending, cursorTime, descending, dueDay, keysetPage } from '../../lib/keyset.ts';
import { plannerTaskRows, toPlannerTask } from './planner-task-view.ts';

/** How many of the planner's tasks are open (planner_tasks_open_due_idx: an index-only count). */
export async function openPlannerTaskCount(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(plannerTasks)
    .where(and(eq(plannerTasks.plannerId, ctx.actor.userId), isNull(plannerTasks.completedAt)));
  return row?.n ?? 0;
}

/**
 * The planner's own to-do list, a keyset page at a time: open tasks soonest due first (undated
 * last, then oldest first) on planner_tasks_open_due_idx; done ones most recently completed first
 * on planner_tasks_done_idx.
 */
export async function listPlannerTasks(ctx: Ctx, query: TPlannerTaskQuery): Promise<TPlannerTaskPage> {
  const [page, openCount] = await Promise.all([query.status === 'open' ? openTasks(ctx, query) : doneTasks(ctx, query), openPlannerTaskCount(ctx)]);
  return { ...page, openCount };
}

async function openTasks(ctx: Ctx, query: Extract<TPlannerTaskQuery, { status: 'open' }>) {
  const rows = await plannerTaskRows(ctx, and(isNull(plannerTasks.completedAt), afterCursor(ascending(dueDay(plannerTasks.dueDate), plannerTasks.createdAt, plannerTasks.id), query.cursor)), {
    cursorAt: cursorTime(plannerTasks.createdAt),
  })
    .orderBy(asc(dueDay(plannerTasks.dueDate)), asc(plannerTasks.createdAt), asc(plannerTasks.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.task.dueDate ?? 'infinity', r.cursorAt, r.task.id]);
  return { items: page.map(toPlannerTask), nextCursor };
}

async function doneTasks(ctx: Ctx, query: Extract<TPlannerTaskQuery, { status: 'done' }>) {
  const rows = await plannerTaskRows(ctx, and(isNotNull(plannerTasks.completedAt), afterCursor(descending(plannerTasks.completedAt, plannerTasks.id), query.cursor)), {
    cursorAt: cursorTime(plannerTasks.completedAt),
  })
    .orderBy(desc(plannerTasks.completedAt), desc(plannerTasks.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.cursorAt, r.task.id]);
  return { items: page.map(toPlannerTask), nextCursor };
}
