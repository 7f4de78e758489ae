import type { Ctx } from '../../context.ts';
import { settlementDraftAccessOf } from '../../access/executors.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';

export type MemorialMode = 'owner' | 'work' | 'read';

/**
 * What the actor may do with this estate's memorial (access/executors.ts decides), or the refusal:
 * 404 when it is not theirs; `edit` (the words, the photo) needs the owner before activation or
 * those who settle the estate after it; `publish` (publish, unpublish, the guestbook's review) needs
 * those who settle it, once the estate is active (409 for the owner: nothing is published by itself).
 */
export async function assertMemorialAccess(ctx: Ctx, estateId: string, need: 'read' | 'edit' | 'publish' = 'read'): Promise<MemorialMode> {
  const mode = await settlementDraftAccessOf(ctx.db, ctx.actor.userId, estateId);
  if (!mode) throw notFound('That memorial');
  if (need !== 'read' && mode === 'read') throw forbidden('Only the executor, their deputy and the estate administrator look after the memorial.');
  if (need === 'publish' && mode === 'owner') throw conflict('Your memorial stays a draft: after your passing, your executor reviews it and publishes it.');
  return mode;
}
