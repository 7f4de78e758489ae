import type { Deps } from '../context.ts';
import { currentSealOf } from '../access/estate-seal.ts';
import { conflict } from '../lib/app-error.ts';
import { lockEstate } from '../lib/estate-lock.ts';
import { putSealed, putSealedFile, type SealedPartKey } from './sealed-contents.ts';
import type { Db } from '../db/client.ts';
import type { FileRow } from '../storage/stored-files.ts';

/**
 * Keeps a part the owner's browser sealed, in the caller's transaction, under the estate's lock: only
 * while `sealTag` (the seal the browser sealed it to) is still the estate's seal, else 409 and nothing
 * is kept — so a page left open across a re-sealing never stores a part the new kits cannot open.
 */
export async function sealToCurrentSeal(tx: Pick<Deps, 'db' | 'secrets' | 'clock'>, estateId: string, sealTag: string, key: SealedPartKey, armored: string): Promise<void> {
  await lockEstate(tx.db, estateId);
  await putSealed(tx, { ...key, sealId: await currentSealId(tx.db, estateId, sealTag), estateId, armored });
}

/** The same for a stored age file (a sealed document, photo, video or recording), committed by the caller. */
export async function sealFileToCurrentSeal(tx: Pick<Deps, 'db' | 'clock'>, estateId: string, sealTag: string, key: SealedPartKey, file: Pick<FileRow, 'id' | 'sha256' | 'size'>): Promise<void> {
  await lockEstate(tx.db, estateId);
  await putSealedFile(tx, { ...key, sealId: await currentSealId(tx.db, estateId, sealTag), estateId, file });
}

/**
 * The id of the estate's seal when it is the one tagged `sealTag` (409 otherwise). Unlocked, it is the
 * early answer before a large sealed file is received; the keeping above checks again under the lock.
 */
export async function currentSealId(db: Db, estateId: string, sealTag: string): Promise<string> {
  const seal = await currentSealOf(db, estateId);
  if (!seal) throw conflict('Make your seal first, on the Sealing page: then this can be sealed with it.');
  if (seal.sealTag !== sealTag) throw conflict('Your seal was changed since this page was opened (on another page or device). Nothing was kept: reload the page and do it again.');
  return seal.id;
}
