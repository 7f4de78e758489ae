import { isNull } from 'drizzle-orm';
import type { TAdminTask } from '../../../core/admin-dashboard.schemas.ts';
import { adminTasks } from '../../db/schema/admin.ts';

type TaskRow = typeof adminTasks.$inferSelect;

export const toAdminTask = (r: TaskRow): TAdminTask => ({
  id: r.id,
  task: r.task,
  priority: r.priority as TAdminTask['priority'],
  status: r.status as TAdminTask['status'],
  createdAt: r.createdAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
});

export const pending = () => isNull(adminTasks.completedAt);
