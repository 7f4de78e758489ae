import { and, eq } from 'drizzle-orm';
import type { TTask } from '../../../core/tasks.schemas.ts';
import type { Ctx } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';

export type TaskRow = typeof tasks.$inferSelect;

export function toTask(row: TaskRow): TTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status as TTask['status'],
    priority: row.priority as TTask['priority'],
    category: row.category as TTask['category'],
    dueDate: row.dueDate,
    source: row.source,
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
