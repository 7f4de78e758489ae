import { and, eq } from 'drizzle-orm';
import { ADMIN_ALERT_NEXT, type TAdminAlert } from '../../../core/admin-dashboard.schemas.ts';
import { ADMIN_ALERT_STATUS_LABELS } from '../../../core/constants.ts';
import { ADMIN_ALERT_STATUSES, type TAdminAlertStatus } from '../../../core/admin.schemas.ts';
import type { Ctx } from '../../context.ts';
import { adminAlerts } from '../../db/schema/admin.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { toAdminAlert } from './admin-alert-view.ts';

const movedOn = (now?: TAdminAlertStatus) =>
  conflict(
    now
      ? `This alert is already ${ADMIN_ALERT_STATUS_LABELS[now]}. Reload to see where it stands.`
      : 'Another administrator moved this alert on meanwhile. Reload to see where it stands.',
  );

/**
 * Move an alert on (wireframe §4): pending → under_review → investigating → resolved (or straight
 * from under review to resolved). Asking for a status the alert already has or has passed is a
 * 409 (another admin moved it, or a second click); skipping a step is a 400. The UPDATE is guarded
 * by the status it read, so of two admins clicking Review at once one wins and the other gets the
 * 409. Audited with from and to.
 */
export async function updateAdminAlertStatus(ctx: Ctx, id: string, to: TAdminAlertStatus): Promise<TAdminAlert> {
  const [current] = await ctx.db.select().from(adminAlerts).where(eq(adminAlerts.id, id));
  if (!current) throw notFound('That alert');
  const from = current.status as TAdminAlertStatus;
  if (ADMIN_ALERT_STATUSES.indexOf(to) <= ADMIN_ALERT_STATUSES.indexOf(from)) throw movedOn(from);
  if (!ADMIN_ALERT_NEXT[from].includes(to)) {
    throw badRequest(`An alert that is ${ADMIN_ALERT_STATUS_LABELS[from]} cannot be moved to ${ADMIN_ALERT_STATUS_LABELS[to]}.`, { status: 'Not allowed from the alert’s current status' });
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminAlerts)
      .set({ status: to, updatedAt: ctx.clock.now() })
      .where(and(eq(adminAlerts.id, id), eq(adminAlerts.status, from)))
      .returning();
    if (!row) throw movedOn();
    await audit({ ...ctx, db: tx }, { action: 'admin_alert.status_changed', targetType: 'admin_alert', targetId: id, details: { from, to } });
    return toAdminAlert(row);
  });
}
