import { sql } from 'drizzle-orm';
import { fileUrl } from '../../../core/files.schemas.ts';
import type { MediaKind, MemoryType, TMemory } from '../../../core/memories.schemas.ts';
import { files } from '../../db/schema/files.ts';
import { memories, memoryMedia, memoryNotes, memoryShares } from '../../db/schema/memories.ts';
import { childRows, isoTime } from '../../lib/child-rows.ts';
import { shareState } from '../../access/sharing.ts';

export type MemoryRow = typeof memories.$inferSelect;

interface MediaPart {
  id: string;
  kind: MediaKind;
  title: string;
  content: string;
  sealed: boolean;
  thumbnailFileId: string | null;
  /** Its file when committed. */
  file: { id: string; name: string; mimeType: string; size: number } | null;
}
interface NotePart {
  id: string;
  text: string;
  createdAt: string;
}

/**
 * Select these beside a memory row: its media (with the committed file's details) in their order,
 * its notes oldest first and who it is shared with, built in the memory's own statement.
 */
export const memoryParts = {
  media: childRows<MediaPart>(
    sql`json_build_object('id', ${memoryMedia.id}, 'kind', ${memoryMedia.kind}, 'title', ${memoryMedia.title}, 'content', ${memoryMedia.content}, 'sealed', ${memoryMedia.sealed},
      'thumbnailFileId', ${memoryMedia.thumbnailFileId},
      'file', case when ${files.id} is null then null else json_build_object('id', ${files.id}, 'name', ${files.originalName}, 'mimeType', ${files.mimeType}, 'size', ${files.size}) end)`,
    sql`from ${memoryMedia} left join ${files} on ${files.id} = ${memoryMedia.fileId} and ${files.status} = 'committed' where ${memoryMedia.memoryId} = ${memories.id}`,
    sql`${memoryMedia.position}`,
  ),
  notes: childRows<NotePart>(
    sql`json_build_object('id', ${memoryNotes.id}, 'text', ${memoryNotes.text}, 'createdAt', ${isoTime(memoryNotes.createdAt)})`,
    sql`from ${memoryNotes} where ${memoryNotes.memoryId} = ${memories.id}`,
    sql`${memoryNotes.createdAt}, ${memoryNotes.id}`,
  ),
  shares: childRows<string>(
    sql`${memoryShares.beneficiaryId}`,
    sql`from ${memoryShares} where ${memoryShares.memoryId} = ${memories.id}`,
    sql`${memoryShares.createdAt}, ${memoryShares.beneficiaryId}`,
  ),
};

/** A memory row with its parts, as selected with `{ row: memories, ...memoryParts }`. */
export interface MemoryWithParts {
  row: MemoryRow;
  media: MediaPart[];
  notes: NotePart[];
  shares: string[];
}

/** The memories as the API shows them. `audienceSize` is the estate's number of beneficiaries ("Shared with N" when shared with all). */
export function toMemories(memoriesWithParts: MemoryWithParts[], audienceSize: number): TMemory[] {
  return memoriesWithParts.map(({ row, media: own, notes, shares }) => {
    const counts = { photo: 0, video: 0, audio: 0, story: 0 };
    for (const m of own) counts[m.kind]++;
    const firstPhoto = own.find((m) => m.kind === 'photo' && m.thumbnailFileId);
    return {
      id: row.id,
      title: row.title,
      type: row.type as MemoryType,
      date: row.date,
      description: row.description,
      previewUrl: firstPhoto?.thumbnailFileId ? fileUrl(firstPhoto.thumbnailFileId, { inline: true }) : null,
      mediaCounts: counts,
      share: shareState(row, shares, audienceSize),
      notes,
      media: own.map((m) => ({
        id: m.id,
        kind: m.kind,
        title: m.title,
        content: m.content,
        sealed: m.sealed,
        file: m.file ? { ...m.file, url: fileUrl(m.file.id) } : null,
        thumbnailUrl: m.thumbnailFileId ? fileUrl(m.thumbnailFileId, { inline: true }) : null,
      })),
      createdAt: row.createdAt.toISOString(),
    };
  });
}
