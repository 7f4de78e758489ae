import type { Deps } from '../context.ts';
import { currentSealOf } from '../access/estate-seal.ts';
import { conflict } from '../lib/app-error.ts';
import { lockEstate } from '../lib/estate-lock.ts';
import { putSealed, type SealedPartKey } from './sealed-contents.ts';

/**
 * Keeps a part the owner's browser sealed, in the caller's transaction, under the estate's lock: the
 * estate must have a seal (else 409, nothing kept), so nothing is ever sealed to a seal removed meanwhile.
 */
export async function sealToCurrentSeal(tx: Pick<Deps, 'db' | 'secrets' | 'clock'>, estateId: string, key: SealedPartKey, armored: string): Promise<void> {
  await lockEstate(tx.db, estateId);
  const seal = await currentSealOf(tx.db, estateId);
  if (!seal) throw conflict('Make your seal first, on the Sealing page: then this can be sealed with it.');
  await putSealed(tx, { ...key, sealId: seal.id, estateId, armored });
}
