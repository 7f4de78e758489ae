import type { TAdminTask, TCreateAdminTaskRequest } from '../../../core/admin-dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { adminTasks } from '../../db/schema/admin.ts';
import { audit } from '../../lib/audit.ts';
import { toAdminTask } from './admin-task-view.ts';

/** Add Task on the dashboard: a pending task for every admin. Audited. */
export async function createAdminTask(ctx: Ctx, input: TCreateAdminTaskRequest): Promise<TAdminTask> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(adminTasks)
    .values({ task: input.task, priority: input.priority, createdBy: ctx.actor.userId, createdAt: now, updatedAt: now })
    .returning();
  await audit(ctx, { action: 'admin_task.created', targetType: 'admin_task', targetId: row!.id, details: { priority: input.priority } });
  return toAdminTask(row!);
}
