import type { FileMediaKind, MediaKind, TCreateMemoryRequest } from '../../../core/memories.schemas.ts';

/** One media item while creating a memory (wireframe §3: id, type, file or content, title). */
export type MediaItem =
  | { id: string; kind: 'story'; title: string; content: string }
  | { id: string; kind: FileMediaKind; file: File; previewUrl: string | null };

let counter = 0;
export const nextItemId = () => `item-${++counter}`;

/** The multipart body of Create Memory: `data`, then one part per item in order (see core). */
export function memoryForm(details: TCreateMemoryRequest, items: MediaItem[]): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(details));
  for (const item of items) {
    if (item.kind === 'story') form.append('story', JSON.stringify({ title: item.title, content: item.content }));
    else form.append(item.kind, item.file, item.file.name);
  }
  return form;
}

export const KIND_LABELS: Record<MediaKind, string> = { photo: 'Photo', video: 'Video', audio: 'Audio', story: 'Story' };
