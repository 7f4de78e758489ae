import { and, eq } from 'drizzle-orm';
import type { TMemory } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { discardFiles, retireFiles } from '../../storage/stored-files.ts';
import { dropSealed } from '../../sealed/sealed-contents.ts';
import { getMemory } from './get-memory.ts';
import { editMemoryMedia } from './memory-edit-tx.ts';

/**
 * Removes one media item from a memory, and its stored file and thumbnail. An item of another
 * memory (even the owner's own) is "not found" here.
 */
export async function removeMemoryMedia(ctx: Ctx, id: string, mediaId: string): Promise<TMemory> {
  const removed = await editMemoryMedia(ctx, id, async (tx, memoryId) => {
    const [item] = await tx
      .delete(memoryMedia)
      .where(and(eq(memoryMedia.id, mediaId), eq(memoryMedia.memoryId, memoryId)))
      .returning();
    if (!item) throw notFound('That media item');
    await dropSealed(tx, 'memory', item.id);
    const fileIds = [item.fileId, item.thumbnailFileId].filter((x): x is string => Boolean(x));
    return { item, blobs: await retireFiles(tx, fileIds) };
  });
  await discardFiles(ctx, removed.blobs);
  await audit(ctx, { action: 'memory.media_removed', targetType: 'memory', targetId: id, details: { kind: removed.item.kind, files: removed.blobs.length } });
  return getMemory(ctx, id);
}
