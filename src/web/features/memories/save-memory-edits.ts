import type { TMemory, TUpdateMemoryRequest } from '../../../core/memories.schemas.ts';
import { memoriesApi } from './api.ts';
import { mediaForm, newItems, savedItem, type MediaItem } from './media-items.ts';
import type { MemoryDetails } from './memory-details-fields.tsx';

export interface EditProgress {
  /** Upload progress of the new items, 0…1. */
  onProgress: (fraction: number) => void;
  /** The list once the new items are saved (they become saved items), so a retry never sends them twice. */
  onItemsSaved: (items: MediaItem[]) => void;
  signal: AbortSignal;
}

/**
 * Saves Edit Memory as a few small requests, the one most likely to be refused first:
 * 1. the new files and stories (checked by the server as at creation; refused → nothing changed);
 * 2. the changed fields; 3. the removed items; 4. the new order, if it differs.
 * Returns the memory as the server holds it afterwards.
 */
export async function saveMemoryEdits(memory: TMemory, details: MemoryDetails, items: MediaItem[], progress: EditProgress): Promise<TMemory> {
  let current = memory;
  let list = items;
  const fresh = newItems(items);
  if (fresh.length) {
    current = await memoriesApi.addMedia(memory.id, mediaForm(fresh), progress.onProgress, progress.signal);
    const added = current.media.slice(-fresh.length);
    const byLocalId = new Map(fresh.map((item, i) => [item.id, added[i]]));
    list = items.map((item) => {
      const saved = byLocalId.get(item.id);
      return saved ? savedItem(saved) : item;
    });
    progress.onItemsSaved(list);
  }
  const changed: TUpdateMemoryRequest = {};
  if (details.title !== memory.title) changed.title = details.title;
  if (details.date !== memory.date) changed.date = details.date;
  if (details.description !== memory.description) changed.description = details.description;
  if (Object.keys(changed).length) current = await memoriesApi.update(memory.id, changed);
  const kept = new Set(list.map((i) => i.id));
  for (const media of current.media) {
    if (!kept.has(media.id)) current = await memoriesApi.removeMedia(memory.id, media.id);
  }
  const order = list.map((i) => i.id);
  if (order.length && order.join() !== current.media.map((m) => m.id).join()) {
    current = await memoriesApi.reorderMedia(memory.id, { mediaIds: order });
  }
  return current;
}
