import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import type { Ctx } from '../../context.ts';
import { currentSealOf, sealedItemsOf } from '../../access/estate-seal.ts';
import { inTransaction } from '../../db/client.ts';
import { estateSeals } from '../../db/schema/estate-seal.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { eq } from 'drizzle-orm';
import { getEstateSeal } from './get-estate-seal.ts';

/**
 * Retire the seal while nothing is sealed with it, so trustees or their number can change; its kits
 * then open nothing (the row stays, so an old kit is recognised as old). With sealed items the owner
 * must re-seal with their Owner Kit instead: removing would leave those items unopenable.
 */
export async function removeEstateSeal(ctx: Ctx): Promise<TEstateSeal> {
  const estateId = ownEstateId(ctx, 'Your estate');
  await inTransaction(ctx.db, async (db) => {
    const estate = await lockEstate(db, estateId);
    const seal = await currentSealOf(db, estateId);
    if (!estate || !seal) throw notFound('Your seal');
    if (estate.status !== 'planning') throw conflict('A report about you is open or your estate is active: your seal stays as it is.');
    const sealed = await sealedItemsOf(db, seal.id);
    if (sealed > 0) throw conflict(`${sealed === 1 ? 'One item is' : `${sealed} items are`} sealed with this seal. Removing it would leave them impossible to open. Unseal them first.`);
    await db.update(estateSeals).set({ retiredAt: ctx.clock.now() }).where(eq(estateSeals.id, seal.id));
    await audit({ ...ctx, db }, { action: 'estate_seal.removed', estateId, targetType: 'estate_seal', targetId: seal.id });
  });
  return getEstateSeal(ctx);
}
