import { and, asc, eq, inArray } from 'drizzle-orm';
import { fileUrl } from '../../../core/files.schemas.ts';
import type { MediaKind, MemoryType, TMemory } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { files } from '../../db/schema/files.ts';
import { type memories, memoryMedia, memoryNotes, memoryShares } from '../../db/schema/memories.ts';
import { groupBy } from '../../lib/group-by.ts';
import { shareState } from '../../access/sharing.ts';

export type MemoryRow = typeof memories.$inferSelect;

/**
 * The given memory rows (one page, or one memory) with their media (and file details), notes and
 * shares: three queries over these rows' ids only, grouped by memory with a Map. `audienceSize` is
 * the estate's number of beneficiaries ("Shared with N" when shared with all).
 */
export async function withMemoryParts(ctx: Ctx, rows: MemoryRow[], audienceSize: number): Promise<TMemory[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [media, notes, shares] = await Promise.all([
    ctx.db
      .select({ media: memoryMedia, file: files })
      .from(memoryMedia)
      .leftJoin(files, and(eq(files.id, memoryMedia.fileId), eq(files.status, 'committed')))
      .where(inArray(memoryMedia.memoryId, ids))
      .orderBy(asc(memoryMedia.position)),
    ctx.db.select().from(memoryNotes).where(inArray(memoryNotes.memoryId, ids)).orderBy(asc(memoryNotes.createdAt)),
    ctx.db.select().from(memoryShares).where(inArray(memoryShares.memoryId, ids)),
  ]);
  const mediaOf = groupBy(media, (m) => m.media.memoryId);
  const notesOf = groupBy(notes, (n) => n.memoryId);
  const sharesOf = groupBy(shares, (s) => s.memoryId);
  return rows.map((row) => {
    const own = mediaOf.get(row.id) ?? [];
    const counts = { photo: 0, video: 0, audio: 0, story: 0 };
    for (const m of own) counts[m.media.kind as MediaKind]++;
    const firstPhoto = own.find((m) => m.media.kind === 'photo' && m.media.thumbnailFileId);
    return {
      id: row.id,
      title: row.title,
      type: row.type as MemoryType,
      date: row.date,
      description: row.description,
      previewUrl: firstPhoto?.media.thumbnailFileId ? fileUrl(firstPhoto.media.thumbnailFileId, { inline: true }) : null,
      mediaCounts: counts,
      share: shareState(
        row,
        (sharesOf.get(row.id) ?? []).map((s) => s.beneficiaryId),
        audienceSize,
      ),
      notes: (notesOf.get(row.id) ?? []).map((n) => ({ id: n.id, text: n.text, createdAt: n.createdAt.toISOString() })),
      media: own.map(({ media: m, file }) => ({
        id: m.id,
        kind: m.kind as MediaKind,
        title: m.title,
        content: m.content,
        file: file ? { id: file.id, name: file.originalName, mimeType: file.mimeType, size: file.size, url: fileUrl(file.id) } : null,
        thumbnailUrl: m.thumbnailFileId ? fileUrl(m.thumbnailFileId, { inline: true }) : null,
      })),
      createdAt: row.createdAt.toISOString(),
    };
  });
}
