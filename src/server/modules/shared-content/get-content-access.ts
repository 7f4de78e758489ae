import type { TContentAccess } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadLinkedEstates } from './linked-estates.ts';
import { NO_COUNTS, sharedCountsByEstate } from './shared-counts.ts';

/** Settings → Content Access: for each estate, which categories the owner opened to the viewer, and what is visible. */
export async function getContentAccess(ctx: Ctx): Promise<TContentAccess> {
  const linked = await loadLinkedEstates(ctx);
  const counts = await sharedCountsByEstate(
    ctx,
    linked.map((e) => e.estateId),
  );
  return linked.map((e) => ({
    estateId: e.estateId,
    owner: e.owner,
    relationship: e.relationship,
    status: e.status,
    access: e.access,
    counts: counts.get(e.estateId) ?? NO_COUNTS,
  }));
}
