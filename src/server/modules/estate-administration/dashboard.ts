import type { TEstateAdministratorDashboard } from '../../../core/lifecycle.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estateCounts } from './administered-estates.ts';
import { listAlerts } from './alerts.ts';
import { listVerifications } from '../../lifecycle/list-verifications.ts';

const RECENT = 5;

/** The estate administrator's dashboard, from the same queries as the screens it links to. */
export async function getEstateAdministratorDashboard(ctx: Ctx): Promise<TEstateAdministratorDashboard> {
  const [counts, alerts, pending] = await Promise.all([estateCounts(ctx), listAlerts(ctx, { limit: RECENT }), listVerifications(ctx, { status: 'pending' })]);
  return {
    tiles: {
      totalEstates: counts.total,
      pendingVerifications: pending.counts.pending,
      activationPending: counts.activation,
      activeEstates: counts.active,
      openAlerts: alerts.counts.unread + alerts.counts.in_progress,
    },
    recentAlerts: alerts.items,
    pendingVerifications: pending.items.slice(0, RECENT),
  };
}
