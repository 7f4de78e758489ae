import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TTaskCounts, TTaskList, TTaskListQuery } from '../../../core/tasks.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { taskDueKey, taskPriorityRank, tasks, taskStatusRank } from '../../db/schema/tasks.ts';
import { afterCursor, ascending, cursorTime, keysetPage } from '../../lib/keyset.ts';
import { containsPattern } from '../../lib/like.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { TASK_ORDER, tasksWithSuggesters } from '../../views/task-view.ts';


/** The four counters over all the owner's tasks; High Priority counts only pending high-priority ones. */
export async function taskCounts(db: Db, estateId: string): Promise<TTaskCounts> {
  const [row] = await db
    .select({
      total: count(),
      completed: count(sql`case when ${tasks.status} = 'completed' then 1 end`),
      pending: count(sql`case when ${tasks.status} = 'pending' then 1 end`),
      highPriority: count(sql`case when ${tasks.status} = 'pending' and ${tasks.priority} = 'high' then 1 end`),
    })
    .from(tasks)
    .where(eq(tasks.estateId, estateId));
  return row ?? { total: 0, completed: 0, pending: 0, highPriority: 0 };
}

/** One page of the owner's tasks, the counters, and how many tasks the filter and search match. */
export async function listTasks(ctx: Ctx, query: TTaskListQuery): Promise<TTaskList> {
  const estateId = ownEstateId(ctx);
  const where: SQL[] = [eq(tasks.estateId, estateId)];
  if (query.filter !== 'all') where.push(eq(tasks.status, query.filter));
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    where.push(or(ilike(tasks.title, pattern), ilike(tasks.description, pattern))!);
  }
  const rows = await ctx.db
    .select({
      task: tasks,
      statusRank: sql<number>`${taskStatusRank}`.mapWith(Number),
      due: sql<string>`${taskDueKey}::text`,
      priorityRank: sql<number>`${taskPriorityRank}`.mapWith(Number),
      at: cursorTime(tasks.createdAt),
    })
    .from(tasks)
    .where(and(...where, afterCursor(ascending(...TASK_ORDER), query.cursor)))
    .orderBy(...TASK_ORDER)
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.statusRank, r.due, r.priorityRank, r.at, r.task.id]);
  const counts = await taskCounts(ctx.db, estateId);
  return {
    items: await tasksWithSuggesters(ctx.db, page.map((r) => r.task)),
    nextCursor,
    counts,
    matching: q ? await countMatching(ctx.db, where) : counts[query.filter === 'all' ? 'total' : query.filter],
  };
}

/** The tasks a search matches, all pages (the estate's tasks read through tasks_estate_idx). */
async function countMatching(db: Db, where: SQL[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tasks).where(and(...where));
  return row?.n ?? 0;
}
