import { SEALED_TAG_FIELD, sealedMediaField, type FileMediaKind, type MediaKind, type TCreateMemoryRequest, type TMemoryMedia } from '../../../core/memories.schemas.ts';
import { formatBytes } from '../../../core/files.schemas.ts';

/**
 * One media item while creating or editing a memory (wireframe §3: id, type, file or content,
 * title): a new story, a new file, or (Edit Memory) an item the memory already holds.
 */
export type MediaItem =
  /** a sealed story's content is already the armoured age file sealed in this browser to the seal `sealTag` */
  | { id: string; kind: 'story'; title: string; content: string; sealTag?: string }
  /** a sealed file is already the age file sealed in this browser to the seal `sealTag`, named "<name>.age" */
  | { id: string; kind: FileMediaKind; file: File; previewUrl: string | null; sealTag?: string }
  | { id: string; kind: 'saved'; saved: TMemoryMedia };

/** An item already saved in the memory, as the picker lists it (its id is the media item's). */
export const savedItem = (saved: TMemoryMedia): MediaItem => ({ id: saved.id, kind: 'saved', saved });

/** Items not yet sent to the server, in order. */
export const newItems = (items: MediaItem[]) => items.filter((i) => i.kind !== 'saved');

/** What the picker's list shows for an item: its name, its kind and size, its preview image. */
export function describeItem(item: MediaItem): { kind: MediaKind; label: string; detail: string; previewUrl: string | null } {
  if (item.kind === 'story') return { kind: 'story', label: item.title, detail: item.sealTag ? 'Sealed' : `${item.content.length} characters`, previewUrl: null };
  if (item.kind !== 'saved') return { kind: item.kind, label: item.file.name.replace(/\.age$/i, ''), detail: `${item.sealTag ? 'Sealed · ' : ''}${formatBytes(item.file.size)}`, previewUrl: item.previewUrl };
  const { saved } = item;
  if (saved.kind === 'story') return { kind: 'story', label: saved.title, detail: saved.sealed ? 'Sealed' : `${saved.content.length} characters`, previewUrl: null };
  const name = (saved.file?.name ?? saved.title).replace(/\.age$/i, '');
  return { kind: saved.kind, label: name, detail: saved.file ? `${saved.sealed ? 'Sealed · ' : ''}${formatBytes(saved.file.size)}` : 'File missing', previewUrl: saved.thumbnailUrl };
}

/** Moves the item at `index` one place up (-1) or down (+1). */
export function moveItem(items: MediaItem[], index: number, by: -1 | 1): MediaItem[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * The multipart body adding new items to a memory: one part per new item, in order; a sealed file
 * comes after a sealTag field naming its seal.
 */
export function mediaForm(items: MediaItem[], form = new FormData()): FormData {
  let tagSent: string | undefined;
  for (const item of items) {
    if (item.kind === 'story') form.append('story', JSON.stringify({ title: item.title, content: item.content, ...(item.sealTag ? { sealTag: item.sealTag } : {}) }));
    else if (item.kind !== 'saved' && item.sealTag) {
      if (tagSent !== item.sealTag) form.append(SEALED_TAG_FIELD, (tagSent = item.sealTag));
      form.append(sealedMediaField(item.kind), item.file, item.file.name);
    } else if (item.kind !== 'saved') form.append(item.kind, item.file, item.file.name);
  }
  return form;
}

let counter = 0;
export const nextItemId = () => `item-${++counter}`;

/** The multipart body of Create Memory: `data`, then one part per item in order (see core). */
export function memoryForm(details: TCreateMemoryRequest, items: MediaItem[]): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(details));
  return mediaForm(items, form);
}

export const KIND_LABELS: Record<MediaKind, string> = { photo: 'Photo', video: 'Video', audio: 'Audio', story: 'Story' };
