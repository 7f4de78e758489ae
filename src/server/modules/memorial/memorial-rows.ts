import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { memorials } from '../../db/schema/settlement.ts';
import type { MemorialMode } from './memorial-access.ts';

/** How many of the owner's photos the draft form offers. */
export const PHOTO_CHOICES_LIMIT = 50;

type MemorialRow = typeof memorials.$inferSelect;

/** The estate's memorial row (undefined: nothing drafted yet). */
export async function memorialRow(db: Db, estateId: string) {
  const [row] = await db.select().from(memorials).where(eq(memorials.estateId, estateId));
  return row;
}

/** A photo of the estate's memories the memorial may show: stored, committed, an image (a sealed one is an age file, never an image). */
const photoOfEstate = (estateId: string) =>
  and(eq(memories.estateId, estateId), eq(memoryMedia.kind, 'photo'), eq(files.status, 'committed'), like(files.mimeType, 'image/%'));

/** The photos the owner may choose from while planning, newest first. */
async function ownersPhotos(db: Db, estateId: string) {
  return db
    .select({ mediaId: memoryMedia.id, title: memoryMedia.title, memoryTitle: memories.title })
    .from(memoryMedia)
    .innerJoin(memories, eq(memories.id, memoryMedia.memoryId))
    .innerJoin(files, eq(files.id, memoryMedia.fileId))
    .where(photoOfEstate(estateId))
    .orderBy(desc(memoryMedia.createdAt), desc(memoryMedia.id))
    .limit(PHOTO_CHOICES_LIMIT);
}

/** One photo of the estate, with its stored file (undefined when it is not one the memorial may show). */
async function estatePhoto(db: Db, estateId: string, mediaId: string) {
  const [row] = await db
    .select({ mediaId: memoryMedia.id, title: memoryMedia.title, memoryTitle: memories.title, file: files })
    .from(memoryMedia)
    .innerJoin(memories, eq(memories.id, memoryMedia.memoryId))
    .innerJoin(files, eq(files.id, memoryMedia.fileId))
    .where(and(eq(memoryMedia.id, mediaId), photoOfEstate(estateId)));
  return row;
}

/*
 * The photo rule (ADR 0107). The memorial shows only the photo the owner chose for it while
 * planning: whoever reads the memorial (anyone with its link) sees what the owner gave it and
 * nothing the owner shared with nobody. After activation those who settle the estate may take that
 * photo off and put it back, never choose another.
 */

/**
 * The photo the memorial shows, with its stored file: the one it is set to, only while that is the
 * owner's choice — a photo set by anyone else, as before the rule, is never shown — and still one
 * the memorial may show.
 */
export async function shownPhoto(db: Db, row: Pick<MemorialRow, 'estateId' | 'photoMediaId' | 'ownerPhotoMediaId'> | undefined) {
  if (!row?.photoMediaId || row.photoMediaId !== row.ownerPhotoMediaId) return undefined;
  return estatePhoto(db, row.estateId, row.photoMediaId);
}

/** What one in `mode` may set the memorial's photo to: any of the owner's photos while planning; after activation only the owner's choice; nothing for a reader. */
export async function photoChoicesFor(db: Db, estateId: string, mode: MemorialMode, row: MemorialRow | undefined) {
  if (mode === 'owner') return ownersPhotos(db, estateId);
  const chosen = mode === 'work' && row?.ownerPhotoMediaId ? await estatePhoto(db, estateId, row.ownerPhotoMediaId) : undefined;
  return chosen ? [chosen] : [];
}

/** Whether one in `mode` may set the memorial's photo to `mediaId` (photoChoicesFor's rule, for one photo). */
export async function mayChoosePhoto(db: Db, estateId: string, mode: MemorialMode, row: MemorialRow | undefined, mediaId: string): Promise<boolean> {
  if (mode === 'read' || (mode === 'work' && mediaId !== row?.ownerPhotoMediaId)) return false;
  return (await estatePhoto(db, estateId, mediaId)) !== undefined;
}
