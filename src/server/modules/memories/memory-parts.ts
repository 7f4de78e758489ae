import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import { MEDIA_ACCEPT, MEMORY_MAX_ITEMS, SEALED_MEDIA_MAX_BYTES, SEALED_TAG_FIELD, ZCreateMemoryRequest, ZStoryItem, type FileMediaKind, type TCreateMemoryRequest, type TStoryItem } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/app-error.ts';
import { SEALED_TEXT, ZSealTag } from '../../../core/estate-seal.schemas.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { currentSealId, sealFileToCurrentSeal, sealToCurrentSeal } from '../../sealed/seal-item.ts';
import type { Readable } from 'node:stream';
import { AGE_OVERHEAD_MAX, sealedFileType } from '../../../core/seal/armor.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import { formatBytes } from '../../../core/files.schemas.ts';
import { AppError } from '../../lib/app-error.ts';
import { SEALED_FILE_UPLOAD } from '../../sealed/sealed-contents.ts';
import { discardFiles, storeUpload, type FileRow } from '../../storage/stored-files.ts';
import { parseFormFields, parseJsonFormField } from '../../lib/form-fields.ts';
import { inspectMedia, makeThumbnail, maxBytesFor, mediaTooLarge } from './memory-media.ts';

/** One media item as received: a story, or a stored (still pending) file with its thumbnail. */
/** A sealed file carries `sealTag`, the seal the owner's browser sealed it to. */
export type MediaItem = { kind: 'story'; story: TStoryItem } | { kind: FileMediaKind; file: FileRow; thumbnail: FileRow | null; sealTag?: string };

const FILE_KINDS = new Set<string>(['photo', 'video', 'audio']);
/** `sealed-photo` → photo (ADR 0101): an age file the owner's browser made, never looked into, no thumbnail. */
const sealedKindOf = (field: string): FileMediaKind | null => {
  const kind = /^sealed-(photo|video|audio)$/.exec(field)?.[1];
  return (kind as FileMediaKind | undefined) ?? null;
};

/** Stores a sealed photo, video or recording as it came; its type is taken from its name and must be its kind's. */
async function receiveSealedMedia(ctx: Ctx, estateId: string, kind: FileMediaKind, name: string, source: Readable): Promise<FileRow> {
  const type = sealedFileType(name);
  if (!name.toLowerCase().endsWith('.age') || !type?.startsWith(MEDIA_ACCEPT[kind].mimePrefix)) {
    source.resume();
    throw badRequest(`Name a sealed ${kind} after what it holds, ending .age (for example “Beach.jpg.age”). “${name.slice(0, 80)}” is not one.`);
  }
  return storeUpload(ctx, {
    estateId,
    uploadedBy: ctx.actor.userId,
    originalName: name,
    source,
    ...SEALED_FILE_UPLOAD,
    maxBytes: SEALED_MEDIA_MAX_BYTES + AGE_OVERHEAD_MAX,
    tooLarge: () => new AppError(ERROR_CODES.tooLarge, 413, `“${name.slice(0, 80)}” is too large to seal: a sealed photo, video or recording can be up to ${formatBytes(SEALED_MEDIA_MAX_BYTES)}.`),
  });
}

export interface ReceivedParts {
  /** The `data` field, when the caller reads one (Create Memory). */
  input: TCreateMemoryRequest | undefined;
  items: MediaItem[];
  /** Every file stored (pending) on the way, for the caller to discard if it cannot record them. */
  stored: FileRow[];
}

/**
 * Reads a memory's multipart parts in order, streaming each file into storage as it arrives with the
 * checks of its kind (size while streaming, type by content, encrypted; photos get a thumbnail).
 * `withData`: a `data` field (the memory's details) must come first (Create Memory); otherwise only
 * media parts are accepted (adding to a memory). At most `room` items. On any failure the files
 * stored so far are discarded before the error is thrown.
 */
export async function receiveMemoryParts(
  ctx: Ctx,
  estateId: string,
  parts: AsyncIterable<Multipart>,
  options: { withData: boolean; room: number },
): Promise<ReceivedParts> {
  const received: ReceivedParts = { input: undefined, items: [], stored: [] };
  /** the `sealTag` field: the seal the sealed files after it were sealed to (checked before they stream) */
  let sealTag: string | undefined;
  const needData = () => options.withData && !received.input;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        const raw = typeof part.value === 'string' ? part.value : '';
        if (part.valueTruncated) throw badRequest(`The ${part.fieldname} field is too long.`);
        if (part.fieldname === 'data' && options.withData) {
          if (received.input) throw badRequest('Send the memory details (data) once.');
          received.input = parseJsonFormField(ZCreateMemoryRequest, raw, 'memory');
        } else if (part.fieldname === SEALED_TAG_FIELD) {
          sealTag = parseFormFields(z.object({ sealTag: ZSealTag }), { sealTag: raw }, 'sealed file').sealTag;
          await currentSealId(ctx.db, estateId, sealTag);
        } else if (part.fieldname === 'story') {
          if (needData()) throw badRequest('Send the memory details (data) before its media.');
          received.items.push({ kind: 'story', story: parseJsonFormField(ZStoryItem, raw, 'story') });
        } else {
          throw badRequest(`Unknown field "${part.fieldname.slice(0, 40)}".`, { [part.fieldname.slice(0, 40)]: 'Unknown field' });
        }
      } else if (sealedKindOf(part.fieldname)) {
        if (needData()) {
          part.file.resume();
          throw badRequest('Send the memory details (data) before its media.');
        }
        if (!sealTag) {
          part.file.resume();
          throw badRequest('Send the seal a sealed file was sealed to (the sealTag field) before the file.', { sealTag: 'Required' });
        }
        const file = await receiveSealedMedia(ctx, estateId, sealedKindOf(part.fieldname)!, part.filename || 'sealed.age', part.file);
        received.stored.push(file);
        received.items.push({ kind: sealedKindOf(part.fieldname)!, file, thumbnail: null, sealTag });
      } else {
        if (needData() || !FILE_KINDS.has(part.fieldname)) {
          part.file.resume();
          throw badRequest(needData() ? 'Send the memory details (data) before its media.' : 'Files must be sent as photo, video or audio.');
        }
        const kind = part.fieldname as FileMediaKind;
        const name = part.filename || kind;
        const file = await storeUpload(ctx, {
          estateId,
          uploadedBy: ctx.actor.userId,
          originalName: name,
          source: part.file,
          maxBytes: maxBytesFor(kind),
          tooLarge: mediaTooLarge(kind, name),
          inspect: inspectMedia(kind, name),
        });
        received.stored.push(file);
        const thumbnail = kind === 'photo' ? await makeThumbnail(ctx, file) : null;
        if (thumbnail) received.stored.push(thumbnail);
        received.items.push({ kind, file, thumbnail });
      }
      if (received.items.length > options.room) {
        throw badRequest(`A memory can hold up to ${MEMORY_MAX_ITEMS} items${options.room < MEMORY_MAX_ITEMS ? `; this one has room for ${options.room} more` : ''}.`);
      }
    }
    if (options.withData && !received.input) throw badRequest('The memory details (data) are missing.', { data: 'Required' });
    return received;
  } catch (error) {
    await discardFiles(ctx, received.stored).catch(() => undefined);
    throw error;
  }
}

/** The rows for new media items, numbered from `firstPosition`. A sealed story's row holds only SEALED_TEXT. */
export function mediaRows(memoryId: string, items: MediaItem[], firstPosition: number, now: Date) {
  return items.map((item, i) =>
    item.kind === 'story'
      ? { memoryId, kind: 'story', title: item.story.title, content: item.story.sealTag ? SEALED_TEXT : item.story.content, sealed: Boolean(item.story.sealTag), position: firstPosition + i, createdAt: now }
      : { memoryId, kind: item.kind, fileId: item.file.id, thumbnailFileId: item.thumbnail?.id ?? null, title: item.file.originalName, sealed: Boolean(item.sealTag), position: firstPosition + i, createdAt: now },
  );
}

/** The ids of the files (and thumbnails) new items carry, to commit with them. */
export const fileIdsOf = (items: MediaItem[]): string[] =>
  items.flatMap((i) => (i.kind === 'story' ? [] : [i.file.id, ...(i.thumbnail ? [i.thumbnail.id] : [])]));

/**
 * Inserts new media rows and keeps each sealed story's age file under the estate's current seal
 * (409 when it has none), in the caller's transaction.
 */
export async function insertMedia(tx: Pick<Ctx, 'db' | 'secrets' | 'clock'>, estateId: string, memoryId: string, items: MediaItem[], firstPosition: number): Promise<void> {
  if (!items.length) return;
  const rows = await tx.db.insert(memoryMedia).values(mediaRows(memoryId, items, firstPosition, tx.clock.now())).returning({ id: memoryMedia.id, position: memoryMedia.position });
  for (const row of rows) {
    const item = items[row.position - firstPosition];
    if (item?.kind === 'story' && item.story.sealTag) await sealToCurrentSeal(tx, estateId, item.story.sealTag, { itemType: 'memory', itemId: row.id, part: 'story' }, item.story.content);
    else if (item && item.kind !== 'story' && item.sealTag) await sealFileToCurrentSeal(tx, estateId, item.sealTag, { itemType: 'memory', itemId: row.id, part: 'file' }, item.file);
  }
}
