import { faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { TStoryItem } from '../../src/core/memories.schemas.ts';
import { memories, memoryNotes, memoryShares } from '../../src/server/db/schema/memories.ts';
import { recordMemory } from '../../src/server/modules/memories/create-memory.ts';
import { makeThumbnail } from '../../src/server/modules/memories/memory-media.ts';
import { storeBuffer } from '../../src/server/storage/stored-files.ts';
import { makePhoto, type VaultDeps } from './files.ts';

export interface MemoryOverrides {
  title?: string;
  date?: string;
  description?: string;
  /** Photos (JPEG/PNG bytes) stored with thumbnails, in order before any stories. */
  photos?: { bytes: Buffer; name: string }[];
  /** Audio/video files already judged by the caller. */
  recordings?: { kind: 'audio' | 'video'; bytes: Buffer; name: string; mimeType: string }[];
  stories?: TStoryItem[];
  createdBy?: string | null;
  shareAll?: boolean;
  release?: 'now' | 'after_activation';
  sharedWith?: string[];
  notes?: { text: string; createdAt?: Date }[];
  createdAt?: Date;
}

/** A memory recorded exactly as Create Memory records it (files encrypted, thumbnails, type from media). */
export async function insertMemory(deps: VaultDeps, estateId: string, overrides: MemoryOverrides = {}) {
  const items: Parameters<typeof recordMemory>[5] = [];
  for (const photo of overrides.photos ?? []) {
    const file = await storeBuffer(deps, { estateId, uploadedBy: overrides.createdBy ?? null, originalName: photo.name, mimeType: photo.bytes[0] === 0x89 ? 'image/png' : 'image/jpeg', bytes: photo.bytes });
    items.push({ kind: 'photo', file, thumbnail: await makeThumbnail(deps, file) });
  }
  for (const rec of overrides.recordings ?? []) {
    const file = await storeBuffer(deps, { estateId, uploadedBy: overrides.createdBy ?? null, originalName: rec.name, mimeType: rec.mimeType, bytes: rec.bytes });
    items.push({ kind: rec.kind, file, thumbnail: null });
  }
  for (const story of overrides.stories ?? []) items.push({ kind: 'story', story });
  const id = await recordMemory(
    deps.db,
    deps,
    estateId,
    overrides.createdBy ?? null,
    {
      title: overrides.title ?? faker.lorem.words(3),
      date: overrides.date ?? faker.date.past({ years: 30 }).toISOString().slice(0, 10),
      description: overrides.description ?? faker.lorem.sentence(),
    },
    items,
  );
  const extra: Partial<typeof memories.$inferInsert> = {};
  if (overrides.shareAll !== undefined) extra.shareAll = overrides.shareAll;
  if (overrides.release) extra.release = overrides.release;
  if (overrides.createdAt) Object.assign(extra, { createdAt: overrides.createdAt, updatedAt: overrides.createdAt });
  if (Object.keys(extra).length) await deps.db.update(memories).set(extra).where(eq(memories.id, id));
  if (overrides.sharedWith?.length) {
    await deps.db.insert(memoryShares).values(overrides.sharedWith.map((beneficiaryId) => ({ memoryId: id, beneficiaryId })));
  }
  for (const note of overrides.notes ?? []) {
    await deps.db.insert(memoryNotes).values({ memoryId: id, text: note.text, createdAt: note.createdAt ?? deps.clock.now() });
  }
  const [row] = await deps.db.select().from(memories).where(eq(memories.id, id));
  return row!;
}

/** A plain photo for tests. */
export const samplePhoto = async (name = 'photo.jpg', colour?: string) => ({ bytes: await makePhoto(colour), name });
