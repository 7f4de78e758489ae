import type {
  TCreateFolderRequest,
  TDocument,
  TDocumentFolder,
  TDocumentList,
  TDocumentFilters,
  TDocumentVersionList,
  TUpdateDocumentRequest,
} from '../../../core/documents.schemas.ts';
import type { TShareRequest } from '../../../core/sharing.schemas.ts';
import { api, upload } from '../../lib/api.ts';

const BASE = '/api/v1/documents';

export const documentsApi = {
  /** One page of the list: the first without `cursor`, then the one after the cursor a page gave. */
  list: (filters: TDocumentFilters, cursor?: string) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filters, cursor })) if (v) params.set(k, String(v));
    const qs = params.toString();
    return api.get<TDocumentList>(qs ? `${BASE}?${qs}` : BASE);
  },
  get: (id: string) => api.get<TDocument>(`${BASE}/${id}`),
  /** Fields first, then the file (the server judges the fields before streaming the file). */
  upload: (fields: { title: string; type: string; folderId?: string | undefined; sealTag?: string | undefined }, file: File, onProgress: (f: number) => void) => {
    const form = new FormData();
    form.append('title', fields.title);
    form.append('type', fields.type);
    if (fields.folderId) form.append('folderId', fields.folderId);
    if (fields.sealTag) form.append('sealTag', fields.sealTag);
    form.append('file', file, file.name);
    return upload<TDocument>(BASE, form, onProgress);
  },
  /** Replace File: the new file becomes the current version; the previous one is kept. */
  replaceFile: (id: string, file: File, onProgress: (f: number) => void) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return upload<TDocument>(`${BASE}/${id}/file`, form, onProgress);
  },
  versions: (id: string) => api.get<TDocumentVersionList>(`${BASE}/${id}/versions`),
  removeVersion: (id: string, version: number) => api.delete<void>(`${BASE}/${id}/versions/${version}`),
  update: (id: string, body: TUpdateDocumentRequest) => api.patch<TDocument>(`${BASE}/${id}`, body),
  share: (id: string, body: TShareRequest) => api.put<TDocument>(`${BASE}/${id}/share`, body),
  remove: (id: string) => api.delete<void>(`${BASE}/${id}`),
  createFolder: (body: TCreateFolderRequest) => api.post<TDocumentFolder>('/api/v1/document-folders', body),
  removeFolder: (id: string) => api.delete<void>(`/api/v1/document-folders/${id}`),
};
