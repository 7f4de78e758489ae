import type { TSharedHome } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadLinkedEstates } from './linked-estates.ts';
import { recentActivity } from './recent-activity.ts';

/**
 * The beneficiary's home: one card per estate owner (relationship, last active, live counts) and
 * recent activity — the newest items the viewer may see, each with the path its View link opens —
 * and whether the viewer has been here before (a first visit is not greeted "Welcome back").
 * "Last active" only while the owner is planning: after a report or an activation it would
 * describe someone who may have died. Two statements, in one round trip.
 */
export async function getSharedHome(ctx: Ctx): Promise<TSharedHome> {
  const [linked, { activity, returning }] = await Promise.all([loadLinkedEstates(ctx), recentActivity(ctx)]);
  return {
    estates: linked.map((e) => ({
      estateId: e.estateId,
      owner: e.owner,
      relationship: e.relationship,
      lastActiveAt: e.status === 'planning' ? (e.ownerLastActiveAt?.toISOString() ?? null) : null,
      status: e.status,
      counts: e.counts,
    })),
    activity,
    returning,
  };
}
