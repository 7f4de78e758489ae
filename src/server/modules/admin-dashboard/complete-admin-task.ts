import { and, eq } from 'drizzle-orm';
import type { TAdminTask } from '../../../core/admin-dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { adminTasks } from '../../db/schema/admin.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { pending, toAdminTask } from './admin-task-view.ts';

/** Complete a pending task; a task already done (by another admin, or a second click) is a 409. Audited. */
export async function completeAdminTask(ctx: Ctx, id: string): Promise<TAdminTask> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(adminTasks)
    .set({ status: 'done', completedAt: now, updatedAt: now })
    .where(and(eq(adminTasks.id, id), pending()))
    .returning();
  if (!row) {
    const [exists] = await ctx.db.select({ id: adminTasks.id }).from(adminTasks).where(eq(adminTasks.id, id));
    if (!exists) throw notFound('That task');
    throw conflict('This task is already completed.');
  }
  await audit(ctx, { action: 'admin_task.completed', targetType: 'admin_task', targetId: id });
  return toAdminTask(row);
}
