import type { Multipart } from '@fastify/multipart';
import { memoryTypeFor, MEMORY_MAX_ITEMS, ZCreateMemoryRequest, ZStoryItem, type FileMediaKind, type MediaKind, type TCreateMemoryRequest, type TMemory, type TStoryItem } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { commitFiles, discardFiles, storeUpload, type FileRow } from '../../storage/stored-files.ts';
import { parseJsonFormField } from '../files/form-fields.ts';
import { getMemory } from './get-memory.ts';
import { inspectMedia, makeThumbnail, maxBytesFor, mediaTooLarge } from './memory-media.ts';

type Item =
  | { kind: 'story'; story: TStoryItem }
  | { kind: FileMediaKind; file: FileRow; thumbnail: FileRow | null };

const FILE_KINDS = new Set<string>(['photo', 'video', 'audio']);

/** Inserts the memory, its media and notes in one transaction and makes its files visible. */
export async function recordMemory(db: Db, ctx: Pick<Ctx, 'clock'>, estateId: string, createdBy: string | null, input: TCreateMemoryRequest, items: Item[]): Promise<string> {
  const kinds = items.map((i) => i.kind as MediaKind);
  const storyText = items.flatMap((i) => (i.kind === 'story' ? [i.story.title, i.story.content] : [])).join('\n\n');
  const now = ctx.clock.now();
  return db.transaction(async (tx) => {
    const [memory] = await tx
      .insert(memories)
      .values({ estateId, createdBy, title: input.title, date: input.date, description: input.description, type: memoryTypeFor(kinds), storyText, createdAt: now, updatedAt: now })
      .returning({ id: memories.id });
    if (items.length) {
      await tx.insert(memoryMedia).values(
        items.map((item, position) =>
          item.kind === 'story'
            ? { memoryId: memory!.id, kind: 'story', title: item.story.title, content: item.story.content, position, createdAt: now }
            : { memoryId: memory!.id, kind: item.kind, fileId: item.file.id, thumbnailFileId: item.thumbnail?.id ?? null, title: item.file.originalName, position, createdAt: now },
        ),
      );
    }
    await commitFiles(
      tx as unknown as Db,
      items.flatMap((i) => (i.kind === 'story' ? [] : [i.file.id, ...(i.thumbnail ? [i.thumbnail.id] : [])])),
    );
    return memory!.id;
  });
}

/**
 * Create Memory: reads the multipart parts in order (see ZCreateMemoryRequest), streaming each file
 * into storage as it arrives; nothing becomes visible unless the whole memory is saved.
 */
export async function createMemory(ctx: Ctx, parts: AsyncIterable<Multipart>): Promise<TMemory> {
  const estateId = ownEstateId(ctx);
  let input: TCreateMemoryRequest | undefined;
  const items: Item[] = [];
  const stored: FileRow[] = [];
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        const raw = typeof part.value === 'string' ? part.value : '';
        if (part.valueTruncated) throw badRequest(`The ${part.fieldname} field is too long.`);
        if (part.fieldname === 'data') {
          if (input) throw badRequest('Send the memory details (data) once.');
          input = parseJsonFormField(ZCreateMemoryRequest, raw, 'memory');
        } else if (part.fieldname === 'story') {
          if (!input) throw badRequest('Send the memory details (data) before its media.');
          items.push({ kind: 'story', story: parseJsonFormField(ZStoryItem, raw, 'story') });
        } else {
          throw badRequest(`Unknown field "${part.fieldname.slice(0, 40)}".`, { [part.fieldname.slice(0, 40)]: 'Unknown field' });
        }
      } else {
        if (!input || !FILE_KINDS.has(part.fieldname)) {
          part.file.resume();
          throw badRequest(
            input ? `Files must be sent as photo, video or audio.` : 'Send the memory details (data) before its media.',
          );
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
        stored.push(file);
        const thumbnail = kind === 'photo' ? await makeThumbnail(ctx, file) : null;
        if (thumbnail) stored.push(thumbnail);
        items.push({ kind, file, thumbnail });
      }
      if (items.length > MEMORY_MAX_ITEMS) throw badRequest(`A memory can hold up to ${MEMORY_MAX_ITEMS} items.`);
    }
    if (!input) throw badRequest('The memory details (data) are missing.', { data: 'Required' });
    const id = await recordMemory(ctx.db, ctx, estateId, ctx.actor.userId, input, items);
    await audit(ctx, {
      action: 'memory.created',
      targetType: 'memory',
      targetId: id,
      details: { items: items.length, files: items.filter((i) => i.kind !== 'story').length },
    });
    return getMemory(ctx, id);
  } catch (error) {
    await discardFiles(ctx, stored).catch(() => undefined);
    throw error;
  }
}
