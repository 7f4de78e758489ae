import { and, eq, type SQL } from 'drizzle-orm';
import type { TPlannerTask } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { plannerTasks } from '../../db/schema/planner.ts';
import { users } from '../../db/schema/users.ts';
import { assertClientOf } from '../../access/planner-clients.ts';
import { notFound } from '../../lib/app-error.ts';

/** The planner's own tasks matching `where`, with the name of the client each is for (and `extra` columns, e.g. a cursor's time). */
export function plannerTaskRows<E extends Record<string, SQL>>(ctx: Ctx, where?: SQL, extra?: E) {
  return ctx.db
    .select({ task: plannerTasks, forName: users.name, ...(extra as E) })
    .from(plannerTasks)
    .leftJoin(estates, eq(estates.id, plannerTasks.estateId))
    .leftJoin(users, eq(users.id, estates.ownerId))
    .where(and(eq(plannerTasks.plannerId, ctx.actor.userId), where));
}

export function toPlannerTask({ task, forName }: { task: typeof plannerTasks.$inferSelect; forName: string | null }): TPlannerTask {
  return {
    id: task.id,
    title: task.title,
    dueDate: task.dueDate,
    completedAt: task.completedAt?.toISOString() ?? null,
    for: task.estateId ? { estateId: task.estateId, name: forName ?? 'Former client' } : null,
    createdAt: task.createdAt.toISOString(),
  };
}

/** One of the planner's own tasks; another planner's (or none) is 404. */
export async function ownPlannerTask(ctx: Ctx, id: string): Promise<TPlannerTask> {
  const [row] = await plannerTaskRows(ctx, eq(plannerTasks.id, id));
  if (!row) throw notFound('That task');
  return toPlannerTask(row);
}

/** "For" must be one of the planner's clients (or nobody): anything else is 404, as for any other estate. */
export async function assertForClient(ctx: Ctx, estateId: string | null | undefined): Promise<void> {
  if (estateId) await assertClientOf(ctx.db, ctx.actor.userId, estateId);
}
