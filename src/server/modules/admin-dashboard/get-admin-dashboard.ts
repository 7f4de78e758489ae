import type { TAdminDashboard } from '../../../core/admin-dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { getAdminMetrics } from './get-admin-metrics.ts';
import { getSystemStatus } from './get-system-status.ts';

/** The dashboard's figures and system status, read at the same time. */
export async function getAdminDashboard(ctx: Ctx): Promise<TAdminDashboard> {
  const [metrics, systemStatus] = await Promise.all([getAdminMetrics(ctx), getSystemStatus(ctx)]);
  return { metrics, systemStatus };
}
