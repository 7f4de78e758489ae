import { and, eq, inArray } from 'drizzle-orm';
import type { TTask } from '../../core/tasks.schemas.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { taskDueKey, taskPriorityRank, tasks, taskStatusRank } from '../db/schema/tasks.ts';
import { users } from '../db/schema/users.ts';
import { notFound } from '../lib/app-error.ts';
import { ownEstateId } from '../lib/scope.ts';

export type TaskRow = typeof tasks.$inferSelect;

/**
 * Pending before completed; then by due date (none last), priority, age and id — all ascending, the
 * order of the expression index tasks_estate_order_idx (ADR 0059).
 */
export const TASK_ORDER = [taskStatusRank, taskDueKey, taskPriorityRank, tasks.createdAt, tasks.id] as const;

/** A task as the API shows it; `suggestedBy` is the suggesting planner's name (see tasksWithSuggesters). */
export function toTask(row: TaskRow, suggestedBy: string | null = null): TTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status as TTask['status'],
    priority: row.priority as TTask['priority'],
    category: row.category as TTask['category'],
    dueDate: row.dueDate,
    source: row.source,
    suggestedBy: row.suggestedBy ? { name: suggestedBy ?? 'Your legacy planner' } : null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ownTask(ctx: Ctx, id: string): Promise<TaskRow> {
  const estateId = ownEstateId(ctx, 'That task');
  const [row] = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.estateId, estateId)));
  if (!row) throw notFound('That task');
  return row;
}

/** Tasks with the names of the planners who suggested them, in one query. */
export async function tasksWithSuggesters(db: Db, rows: TaskRow[]): Promise<TTask[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.suggestedBy ? [r.suggestedBy] : [])))];
  const names = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r) => toTask(r, r.suggestedBy ? (byId.get(r.suggestedBy) ?? null) : null));
}

export const taskWithSuggester = async (db: Db, row: TaskRow): Promise<TTask> => (await tasksWithSuggesters(db, [row]))[0]!;
