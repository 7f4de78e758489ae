import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { ADMIN_ALERT_PAGE_SIZE, type TAdminAlertListQuery, type TAdminAlertPage } from '../../../core/admin-dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { adminAlerts } from '../../db/schema/admin.ts';
import { toAdminAlert } from './admin-alert-view.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';

const open = () => ne(adminAlerts.status, 'resolved');

/** Platform alerts, newest first, a page at a time (index admin_alerts(created_at, id)); `open` = not resolved. */
export async function listAdminAlerts(ctx: Ctx, query: TAdminAlertListQuery): Promise<TAdminAlertPage> {
  const byStatus: SQL | undefined = !query.status ? undefined : query.status === 'open' ? open() : eq(adminAlerts.status, query.status);
  const [rows, [openCount]] = await Promise.all([
    ctx.db
      .select({ alert: adminAlerts, cursorAt: cursorTime(adminAlerts.createdAt) })
      .from(adminAlerts)
      .where(and(byStatus, afterCursor(descending(adminAlerts.createdAt, adminAlerts.id), query.cursor)))
      .orderBy(desc(adminAlerts.createdAt), desc(adminAlerts.id))
      .limit(ADMIN_ALERT_PAGE_SIZE + 1),
    ctx.db.select({ n: count() }).from(adminAlerts).where(open()),
  ]);
  const { page, nextCursor } = keysetPage(rows, ADMIN_ALERT_PAGE_SIZE, (r) => [r.cursorAt, r.alert.id]);
  return {
    items: page.map((r) => toAdminAlert(r.alert)),
    nextCursor,
    openCount: Number(openCount?.n ?? 0),
  };
}
