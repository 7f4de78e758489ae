/**
 * The sealed parts of an estate's items (ADR 0098). The server keeps each as the owner's browser made
 * it, an armoured age file, wrapped once more under the master key; it cannot open one until the
 * trustees' kits have opened the seal.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sealedContents } from '../db/schema/estate-seal.ts';
import type { Deps } from '../context.ts';

export type SealedItemType = 'future-message' | 'memory' | 'digital-asset' | 'document';
export type SealedPartName = 'body' | 'story' | 'secrets' | 'file';
export interface SealedPartKey {
  itemType: SealedItemType;
  itemId: string;
  part: SealedPartName;
}

/** The age file's bytes from its armour (its digest and size, the capsule's binary copy). */
export function ageBytes(armored: string): Buffer {
  const lines = armored.trim().split(/\r?\n/);
  return Buffer.from(lines.slice(1, -1).join(''), 'base64');
}

/** Keeps (or replaces) one sealed part, in the caller's transaction. */
export async function putSealed(deps: Pick<Deps, 'db' | 'secrets' | 'clock'>, key: SealedPartKey & { sealId: string; estateId: string; armored: string }): Promise<void> {
  const bytes = ageBytes(key.armored);
  const values = {
    sealId: key.sealId,
    armoredEnc: deps.secrets.encrypt(key.armored.trim()),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    updatedAt: deps.clock.now(),
  };
  await deps.db
    .insert(sealedContents)
    .values({ ...values, estateId: key.estateId, itemType: key.itemType, itemId: key.itemId, part: key.part, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: [sealedContents.itemType, sealedContents.itemId, sealedContents.part], set: values });
}

/** Forgets an item's sealed parts (it was unsealed or deleted), in the caller's transaction. */
export async function dropSealed(db: Db, itemType: SealedItemType, itemId: string): Promise<void> {
  await db.delete(sealedContents).where(and(eq(sealedContents.itemType, itemType), eq(sealedContents.itemId, itemId)));
}

/** One sealed part's armoured age file (still sealed), or null when the item has none. */
export async function sealedArmor(deps: Pick<Deps, 'db' | 'secrets'>, estateId: string, key: SealedPartKey): Promise<string | null> {
  const [row] = await deps.db
    .select({ armoredEnc: sealedContents.armoredEnc })
    .from(sealedContents)
    .where(and(eq(sealedContents.estateId, estateId), eq(sealedContents.itemType, key.itemType), eq(sealedContents.itemId, key.itemId), eq(sealedContents.part, key.part)));
  return row ? deps.secrets.decrypt(row.armoredEnc) : null;
}
