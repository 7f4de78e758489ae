import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { audit } from '../../lib/audit.ts';
import { discardFiles, retireFiles } from '../../storage/stored-files.ts';
import { dropSealed } from '../../sealed/sealed-contents.ts';
import { inTransaction } from '../../db/client.ts';
import { findOwnMemory } from './find-own-memory.ts';

/** Deletes a memory with its media, notes and shares, and its stored files. */
export async function deleteMemory(ctx: Ctx, id: string): Promise<void> {
  const memory = await findOwnMemory(ctx, id);
  const media = await ctx.db.select().from(memoryMedia).where(eq(memoryMedia.memoryId, id));
  const fileIds = media.flatMap((m) => [m.fileId, m.thumbnailFileId]).filter((x): x is string => Boolean(x));
  const rows = await inTransaction(ctx.db, async (db) => {
    for (const m of media) if (m.sealed) await dropSealed(db, 'memory', m.id);
    await db.delete(memories).where(eq(memories.id, memory.id));
    return retireFiles(db, fileIds);
  });
  await discardFiles(ctx, rows);
  await audit(ctx, { action: 'memory.deleted', targetType: 'memory', targetId: id, details: { files: rows.length } });
}
