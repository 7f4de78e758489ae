import type { TAddNoteRequest, TMemory, TMemoryFilters, TMemoryList, TMemoryNote, TReorderMediaRequest, TUpdateMemoryRequest } from '../../../core/memories.schemas.ts';
import type { TShareRequest } from '../../../core/sharing.schemas.ts';
import { api, upload } from '../../lib/api.ts';
import type { TSealedPart } from '../../../core/estate-seal.schemas.ts';
import { openText } from '../../../core/seal/sealed-content.ts';

const BASE = '/api/v1/memories';

export const memoriesApi = {
  /** One page of the list: the first without `cursor`, then the one after the cursor a page gave. */
  list: (filters: TMemoryFilters, cursor?: string) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filters, cursor })) if (v) params.set(k, String(v));
    const qs = params.toString();
    return api.get<TMemoryList>(qs ? `${BASE}?${qs}` : BASE);
  },
  get: (id: string) => api.get<TMemory>(`${BASE}/${id}`),
  /** The multipart form built by `memoryForm`; progress 0…1. */
  create: (form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
    upload<TMemory>(BASE, form, onProgress, signal ? { signal } : {}),
  update: (id: string, body: TUpdateMemoryRequest) => api.patch<TMemory>(`${BASE}/${id}`, body),
  /** New items (the multipart form built by `mediaForm`), added after the memory's own; progress 0…1. */
  addMedia: (id: string, form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
    upload<TMemory>(`${BASE}/${id}/media`, form, onProgress, signal ? { signal } : {}),
  removeMedia: (id: string, mediaId: string) => api.delete<TMemory>(`${BASE}/${id}/media/${mediaId}`),
  reorderMedia: (id: string, body: TReorderMediaRequest) => api.put<TMemory>(`${BASE}/${id}/media/order`, body),
  addNote: (id: string, body: TAddNoteRequest) => api.post<TMemoryNote>(`${BASE}/${id}/notes`, body),
  share: (id: string, body: TShareRequest) => api.put<TMemory>(`${BASE}/${id}/share`, body),
  remove: (id: string) => api.delete<void>(`${BASE}/${id}`),
  /** A sealed story's words, opened here with the Owner Kit's key (the server cannot open them). */
  openSealedStory: async (id: string, mediaId: string, identity: string) => openText(identity, (await api.get<TSealedPart>(`${BASE}/${id}/media/${mediaId}/sealed`)).armored),
};
