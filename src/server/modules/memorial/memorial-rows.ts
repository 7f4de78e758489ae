import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { memorials } from '../../db/schema/settlement.ts';

/** How many of the owner's photos the draft form offers. */
export const PHOTO_CHOICES_LIMIT = 50;

/** The estate's memorial row (undefined: nothing drafted yet). */
export async function memorialRow(db: Db, estateId: string) {
  const [row] = await db.select().from(memorials).where(eq(memorials.estateId, estateId));
  return row;
}

/** A photo of the estate's memories the memorial may show: stored, committed, an image (a sealed one is an age file, never an image). */
const photoOfEstate = (estateId: string) =>
  and(eq(memories.estateId, estateId), eq(memoryMedia.kind, 'photo'), eq(files.status, 'committed'), like(files.mimeType, 'image/%'));

/** The photos the owner may choose from, newest first. */
export async function photoChoices(db: Db, estateId: string) {
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
export async function estatePhoto(db: Db, estateId: string, mediaId: string) {
  const [row] = await db
    .select({ mediaId: memoryMedia.id, title: memoryMedia.title, memoryTitle: memories.title, file: files })
    .from(memoryMedia)
    .innerJoin(memories, eq(memories.id, memoryMedia.memoryId))
    .innerJoin(files, eq(files.id, memoryMedia.fileId))
    .where(and(eq(memoryMedia.id, mediaId), photoOfEstate(estateId)));
  return row;
}
