import type { TAdminAlert } from '../../../core/admin-dashboard.schemas.ts';
import type { TAdminAlertStatus, TAdminAlertType } from '../../../core/admin.schemas.ts';
import type { adminAlerts } from '../../db/schema/admin.ts';

type AlertRow = typeof adminAlerts.$inferSelect;

export const toAdminAlert = (r: AlertRow): TAdminAlert => ({
  id: r.id,
  type: r.type as TAdminAlertType,
  message: r.message,
  status: r.status as TAdminAlertStatus,
  time: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  details: r.details,
});
