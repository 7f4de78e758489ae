import { and, count, desc } from 'drizzle-orm';
import { ADMIN_TASK_PAGE_SIZE, type TAdminTaskPage } from '../../../core/admin-dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { adminTasks } from '../../db/schema/admin.ts';
import { pending, toAdminTask } from './admin-task-view.ts';
import type { CursorOf } from '../../../core/keyset.schemas.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';

/** The admins' pending tasks, newest first, a page at a time (partial index admin_tasks_open_idx). */
export async function listAdminTasks(ctx: Ctx, query: { cursor?: CursorOf<['instant', 'id']> | undefined }): Promise<TAdminTaskPage> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ task: adminTasks, cursorAt: cursorTime(adminTasks.createdAt) })
      .from(adminTasks)
      .where(and(pending(), afterCursor(descending(adminTasks.createdAt, adminTasks.id), query.cursor)))
      .orderBy(desc(adminTasks.createdAt), desc(adminTasks.id))
      .limit(ADMIN_TASK_PAGE_SIZE + 1),
    ctx.db.select({ n: count() }).from(adminTasks).where(pending()),
  ]);
  const { page, nextCursor } = keysetPage(rows, ADMIN_TASK_PAGE_SIZE, (r) => [r.cursorAt, r.task.id]);
  return {
    items: page.map((r) => toAdminTask(r.task)),
    nextCursor,
    pendingCount: Number(total?.n ?? 0),
  };
}
