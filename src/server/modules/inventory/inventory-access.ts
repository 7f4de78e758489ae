import type { Ctx } from '../../context.ts';
import { settlementDraftAccessOf } from '../../access/executors.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';

export type InventoryMode = 'owner' | 'work' | 'read';

const THE_INVENTORY = 'That inventory';

/**
 * What the actor may do with this estate's inventory (access/executors.ts decides), or the refusal:
 * 404 when it is not theirs to see; `edit` (add, change, remove entries) needs the owner before
 * activation or those who settle the estate after it (403 for a beneficiary following them);
 * `settle` (statuses and letters) needs an active estate (409 for the owner while planning).
 */
export async function assertInventoryAccess(ctx: Ctx, estateId: string, need: 'read' | 'edit' | 'settle' = 'read'): Promise<InventoryMode> {
  const mode = await settlementDraftAccessOf(ctx.db, ctx.actor.userId, estateId);
  if (!mode) throw notFound(THE_INVENTORY);
  if (need !== 'read' && mode === 'read') throw forbidden('Only the executor, their deputy and the estate administrator change the inventory. You can follow their progress here.');
  if (need === 'settle' && mode === 'owner') throw conflict('Statuses and letters to institutions come after activation: your executor sets them then.');
  return mode;
}
