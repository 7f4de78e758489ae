import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TSnapshotItem, TSnapshotManifest } from '../../../core/audit-integrity.schemas.ts';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { estateSnapshots } from '../../db/schema/snapshots.ts';
import { documentVisibleSql, memoryVisibleSql } from '../../access/policy.ts';
import { appendAuditRows } from '../../lib/audit-chain.ts';

const fileOf = (f: { id: string | null; name: string | null; size: number | null; sha256: string | null }): TSnapshotItem['file'] =>
  f.id ? { id: f.id, name: f.name ?? '', size: f.size ?? 0, sha256: f.sha256 || null } : null;

/** What one beneficiary row receives now, by the access policy (policy.ts): memories, their media, documents. */
async function releasedItems(tx: Db, beneficiaryId: string): Promise<TSnapshotItem[]> {
  const viewer = { beneficiaryId };
  // One after another: a transaction is one connection (overlapping queries on it are deprecated in pg 8, an error in pg 9).
  const memoryRows = await tx.select({ id: memories.id, title: memories.title }).from(memories).where(memoryVisibleSql(tx, viewer)).orderBy(asc(memories.id));
  const documentRows = await tx
    .select({ id: documents.id, title: documents.title, fileId: files.id, name: files.originalName, size: files.size, sha256: files.sha256 })
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(documentVisibleSql(tx, viewer))
    .orderBy(asc(documents.id));
  const media = memoryRows.length
    ? await tx
        .select({ id: memoryMedia.id, memoryId: memoryMedia.memoryId, title: memoryMedia.title, fileId: files.id, name: files.originalName, size: files.size, sha256: files.sha256 })
        .from(memoryMedia)
        .leftJoin(files, and(eq(files.id, memoryMedia.fileId), eq(files.status, 'committed')))
        .where(inArray(memoryMedia.memoryId, memoryRows.map((m) => m.id)))
        .orderBy(asc(memoryMedia.memoryId), asc(memoryMedia.position), asc(memoryMedia.id))
    : [];
  const items: TSnapshotItem[] = [];
  for (const m of memoryRows) {
    items.push({ kind: 'memory', id: m.id, title: m.title, file: null });
    for (const md of media.filter((x) => x.memoryId === m.id)) items.push({ kind: 'memory_media', id: md.id, title: md.title || m.title, file: fileOf({ id: md.fileId, name: md.name, size: md.size, sha256: md.sha256 }) });
  }
  for (const d of documentRows) items.push({ kind: 'document', id: d.id, title: d.title, file: fileOf({ id: d.fileId, name: d.name, size: d.size, sha256: d.sha256 }) });
  return items;
}

/**
 * The activation snapshot (ADR 0045), inside the activation's transaction: for every beneficiary of
 * the estate, the manifest of what they receive at this moment (the access policy decides), each
 * file with the SHA-256 of its plain content (recorded at upload, storage/stored-files.ts), frozen
 * as exact bytes with their own SHA-256 — and those hashes appended to the estate's audit chain, so a
 * manifest swapped later no longer matches the record. A second activation keeps the first snapshot.
 */
export async function freezeActivationSnapshot(tx: Db, estateId: string, now: Date): Promise<void> {
  const rows = await tx.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.estateId, estateId)).orderBy(asc(beneficiaries.id));
  const frozen: { beneficiaryId: string; sha256: string; items: number }[] = [];
  for (const { id: beneficiaryId } of rows) {
    const manifest: TSnapshotManifest = {
      format: 'heirloom-activation-manifest-v1',
      estateId,
      beneficiaryId,
      activatedAt: now.toISOString(),
      items: await releasedItems(tx, beneficiaryId),
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    const sha256 = createHash('sha256').update(text).digest('hex');
    const [inserted] = await tx
      .insert(estateSnapshots)
      .values({ estateId, beneficiaryId, manifest: text, sha256, itemCount: manifest.items.length, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: estateSnapshots.id });
    if (inserted) frozen.push({ beneficiaryId, sha256, items: manifest.items.length });
  }
  if (!frozen.length) return;
  await appendAuditRows(tx, [
    { at: now, action: 'estate.snapshot_frozen', actorUserId: null, estateId, targetType: 'estate', targetId: estateId, details: { manifests: frozen } },
  ]);
}
