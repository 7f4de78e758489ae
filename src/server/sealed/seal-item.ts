import type { Deps } from '../context.ts';
import { currentSealOf } from '../access/estate-seal.ts';
import { conflict } from '../lib/app-error.ts';
import { lockEstate } from '../lib/estate-lock.ts';
import { putSealed, putSealedFile, type SealedPartKey } from './sealed-contents.ts';
import type { Db } from '../db/client.ts';
import type { FileRow } from '../storage/stored-files.ts';

/**
 * Keeps a part the owner's browser sealed, in the caller's transaction, under the estate's lock: the
 * estate must have a seal (else 409, nothing kept), so nothing is ever sealed to a seal removed meanwhile.
 */
export async function sealToCurrentSeal(tx: Pick<Deps, 'db' | 'secrets' | 'clock'>, estateId: string, key: SealedPartKey, armored: string): Promise<void> {
  await putSealed(tx, { ...key, sealId: await currentSealId(tx.db, estateId), estateId, armored });
}

/** The same for a stored age file (a sealed photo, video or recording), committed by the caller. */
export async function sealFileToCurrentSeal(tx: Pick<Deps, 'db' | 'clock'>, estateId: string, key: SealedPartKey, file: Pick<FileRow, 'id' | 'sha256' | 'size'>): Promise<void> {
  await putSealedFile(tx, { ...key, sealId: await currentSealId(tx.db, estateId), estateId, file });
}

async function currentSealId(db: Db, estateId: string): Promise<string> {
  await lockEstate(db, estateId);
  const seal = await currentSealOf(db, estateId);
  if (!seal) throw conflict('Make your seal first, on the Sealing page: then this can be sealed with it.');
  return seal.id;
}
