import { and, count, desc, eq, lt, or } from 'drizzle-orm';
import { ADMIN_TASK_PAGE_SIZE, type TAdminTaskPage } from '../../../core/admin-dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { adminTasks } from '../../db/schema/admin.ts';
import { pending, toAdminTask } from './admin-task-view.ts';
import { createdAtCursor, timeIdCursor } from './keyset.ts';

/** The admins' pending tasks, newest first, a page at a time (partial index admin_tasks_open_idx). */
export async function listAdminTasks(ctx: Ctx, query: { cursor?: string | undefined }): Promise<TAdminTaskPage> {
  const after = createdAtCursor(query.cursor, (at, id) => or(lt(adminTasks.createdAt, at), and(eq(adminTasks.createdAt, at), lt(adminTasks.id, id)))!);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(adminTasks)
      .where(and(pending(), after))
      .orderBy(desc(adminTasks.createdAt), desc(adminTasks.id))
      .limit(ADMIN_TASK_PAGE_SIZE + 1),
    ctx.db.select({ n: count() }).from(adminTasks).where(pending()),
  ]);
  const page = rows.slice(0, ADMIN_TASK_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toAdminTask),
    nextCursor: rows.length > ADMIN_TASK_PAGE_SIZE && last ? timeIdCursor(last.createdAt, last.id) : null,
    pendingCount: Number(total?.n ?? 0),
  };
}
