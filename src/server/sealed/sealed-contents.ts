/**
 * The sealed parts of an estate's items (ADR 0098). The server keeps each as the owner's browser made
 * it, an armoured age file, wrapped once more under the master key; it cannot open one until the
 * trustees' kits have opened the seal.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AGE_BINARY_HEADER, AGE_OVERHEAD_MAX } from '../../core/seal/armor.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE } from '../../core/documents.schemas.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Db } from '../db/client.ts';
import { sealedContents } from '../db/schema/estate-seal.ts';
import { files } from '../db/schema/files.ts';
import type { Deps } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { readStoredFile, type Accepted, type FileRow } from '../storage/stored-files.ts';

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

/** Keeps (or replaces) a sealed file part, an age file already stored (committed by the caller), in the caller's transaction. */
export async function putSealedFile(deps: Pick<Deps, 'db' | 'clock'>, key: SealedPartKey & { sealId: string; estateId: string; file: Pick<FileRow, 'id' | 'sha256' | 'size'> }): Promise<void> {
  const values = { sealId: key.sealId, fileId: key.file.id, sha256: key.file.sha256, size: key.file.size, updatedAt: deps.clock.now() };
  await deps.db
    .insert(sealedContents)
    .values({ ...values, estateId: key.estateId, itemType: key.itemType, itemId: key.itemId, part: key.part, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: [sealedContents.itemType, sealedContents.itemId, sealedContents.part], set: values });
}

/** The stored type of a sealed file: nothing a browser would open by itself. */
export const SEALED_FILE_MIME = 'application/octet-stream';

/** Accepts only a binary age file (what the owner's browser makes of a document it seals). */
export function inspectSealedFile(head: Buffer): Accepted {
  if (head.subarray(0, AGE_BINARY_HEADER.length).toString('latin1') !== AGE_BINARY_HEADER) {
    throw new AppError(ERROR_CODES.unsupportedMedia, 415, 'A sealed document must be sealed in your browser before it is sent. Nothing was kept.');
  }
  return { mimeType: SEALED_FILE_MIME };
}

/** How a sealed file is received (storeUpload's rules): an age file of a document up to 10 MB. */
export const SEALED_FILE_UPLOAD = {
  maxBytes: DOCUMENT_MAX_BYTES + AGE_OVERHEAD_MAX,
  tooLarge: () => new AppError(ERROR_CODES.tooLarge, 413, DOCUMENT_TOO_LARGE_MESSAGE),
  inspect: inspectSealedFile,
};

/** A sealed part's age file as bytes: from its armour, or from storage for a file part. */
export async function sealedBytes(deps: Pick<Deps, 'db' | 'secrets' | 'files'>, row: { armoredEnc: string | null; fileId: string | null }): Promise<Buffer> {
  if (row.armoredEnc !== null) return ageBytes(deps.secrets.decrypt(row.armoredEnc));
  const [file] = await deps.db.select().from(files).where(eq(files.id, row.fileId!));
  if (!file) throw new Error('a sealed file part without its file');
  return readStoredFile(deps, file);
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
  return row?.armoredEnc ? deps.secrets.decrypt(row.armoredEnc) : null;
}
