import { and, count, desc, eq, lt, ne, or, type SQL } from 'drizzle-orm';
import { ADMIN_ALERT_PAGE_SIZE, type TAdminAlertListQuery, type TAdminAlertPage } from '../../../core/admin-dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { adminAlerts } from '../../db/schema/admin.ts';
import { toAdminAlert } from './admin-alert-view.ts';
import { createdAtCursor, timeIdCursor } from './keyset.ts';

const open = () => ne(adminAlerts.status, 'resolved');

/** Platform alerts, newest first, a page at a time (index admin_alerts(created_at, id)); `open` = not resolved. */
export async function listAdminAlerts(ctx: Ctx, query: TAdminAlertListQuery): Promise<TAdminAlertPage> {
  const byStatus: SQL | undefined = !query.status ? undefined : query.status === 'open' ? open() : eq(adminAlerts.status, query.status);
  const after = createdAtCursor(query.cursor, (at, id) => or(lt(adminAlerts.createdAt, at), and(eq(adminAlerts.createdAt, at), lt(adminAlerts.id, id)))!);
  const [rows, [openCount]] = await Promise.all([
    ctx.db
      .select()
      .from(adminAlerts)
      .where(and(byStatus, after))
      .orderBy(desc(adminAlerts.createdAt), desc(adminAlerts.id))
      .limit(ADMIN_ALERT_PAGE_SIZE + 1),
    ctx.db.select({ n: count() }).from(adminAlerts).where(open()),
  ]);
  const page = rows.slice(0, ADMIN_ALERT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toAdminAlert),
    nextCursor: rows.length > ADMIN_ALERT_PAGE_SIZE && last ? timeIdCursor(last.createdAt, last.id) : null,
    openCount: Number(openCount?.n ?? 0),
  };
}
