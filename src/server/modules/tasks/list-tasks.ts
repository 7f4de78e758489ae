import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TTaskCounts, TTaskList, TTaskListQuery } from '../../../core/tasks.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { tasksWithSuggesters } from './task-view.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Pending before completed; then by due date (none last), priority and age. */
export const TASK_ORDER = [
  sql`case when ${tasks.status} = 'pending' then 0 else 1 end`,
  sql`${tasks.dueDate} asc nulls last`,
  sql`case ${tasks.priority} when 'high' then 0 when 'medium' then 1 else 2 end`,
  asc(tasks.createdAt),
];

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

export async function listTasks(ctx: Ctx, query: TTaskListQuery): Promise<TTaskList> {
  const estateId = ownEstateId(ctx);
  const where: SQL[] = [eq(tasks.estateId, estateId)];
  if (query.filter !== 'all') where.push(eq(tasks.status, query.filter));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    where.push(or(ilike(tasks.title, pattern), ilike(tasks.description, pattern))!);
  }
  const rows = await ctx.db
    .select()
    .from(tasks)
    .where(and(...where))
    .orderBy(...TASK_ORDER);
  return { tasks: await tasksWithSuggesters(ctx.db, rows), counts: await taskCounts(ctx.db, estateId) };
}
