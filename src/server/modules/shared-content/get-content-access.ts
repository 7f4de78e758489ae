import type { TContentAccess } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadLinkedEstates } from './linked-estates.ts';

/** Settings → Content Access: for each estate, which categories the owner opened to the viewer, and what is visible. */
export async function getContentAccess(ctx: Ctx): Promise<TContentAccess> {
  const linked = await loadLinkedEstates(ctx);
  return linked.map((e) => ({
    estateId: e.estateId,
    owner: e.owner,
    relationship: e.relationship,
    status: e.status,
    access: e.access,
    counts: e.counts,
  }));
}
