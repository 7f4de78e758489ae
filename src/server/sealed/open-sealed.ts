/**
 * Reading sealed content once the seal is open (ADR 0098): after activation, when M trustees have
 * given their kits, the key they rebuilt is kept under the master key and the server opens sealed
 * parts for the people each item was meant for. Before that, nothing here can open anything.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { openBytes, openText } from '../../core/seal/sealed-content.ts';
import type { Deps } from '../context.ts';
import { estateSeals, sealedContents } from '../db/schema/estate-seal.ts';
import { sealedBytes, type SealedItemType, type SealedPartName } from './sealed-contents.ts';

/**
 * The opened text of these items' `part`, by item id; an item whose seal is not open yet (or that
 * has no sealed part) is absent. One query for the page of items, one age decryption per item.
 */
export async function openedParts(deps: Pick<Deps, 'db' | 'secrets'>, itemType: SealedItemType, part: SealedPartName, itemIds: string[]): Promise<Map<string, string>> {
  const opened = new Map<string, string>();
  if (!itemIds.length) return opened;
  const rows = await deps.db
    .select({ itemId: sealedContents.itemId, armoredEnc: sealedContents.armoredEnc, identityEnc: estateSeals.openedIdentityEnc })
    .from(sealedContents)
    .innerJoin(estateSeals, eq(estateSeals.id, sealedContents.sealId))
    .where(and(eq(sealedContents.itemType, itemType), eq(sealedContents.part, part), inArray(sealedContents.itemId, itemIds)));
  for (const row of rows) {
    if (!row.identityEnc || !row.armoredEnc) continue;
    opened.set(row.itemId, await openText(deps.secrets.decrypt(row.identityEnc), deps.secrets.decrypt(row.armoredEnc)));
  }
  return opened;
}

export type OpenedFile = { state: 'waiting'; threshold: number; shareCount: number } | { state: 'open'; bytes: Buffer };

/**
 * A stored file as its reader gets it when it is a sealed part (a sealed document's file): still
 * waiting for the trustees' kits, or opened. null: the file is not sealed.
 */
export async function openedFile(deps: Pick<Deps, 'db' | 'secrets' | 'files'>, fileId: string): Promise<OpenedFile | null> {
  const [row] = await deps.db
    .select({ armoredEnc: sealedContents.armoredEnc, fileId: sealedContents.fileId, identityEnc: estateSeals.openedIdentityEnc, threshold: estateSeals.threshold, shareCount: estateSeals.shareCount })
    .from(sealedContents)
    .innerJoin(estateSeals, eq(estateSeals.id, sealedContents.sealId))
    .where(eq(sealedContents.fileId, fileId));
  if (!row) return null;
  if (!row.identityEnc) return { state: 'waiting', threshold: row.threshold, shareCount: row.shareCount };
  const opened = await openBytes(deps.secrets.decrypt(row.identityEnc), await sealedBytes(deps, row));
  return { state: 'open', bytes: Buffer.from(opened) };
}
