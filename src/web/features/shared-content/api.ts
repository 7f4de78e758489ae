import type {
  TContentAccess,
  TSharedDocumentPage,
  TSharedDocumentsParams,
  TSharedEstate,
  TSharedHome,
  TSharedLetterPage,
  TSharedLettersParams,
  TSharedMemoriesParams,
  TSharedMemoryDetail,
  TSharedMemoryPage,
} from '../../../core/shared-content.schemas.ts';
import { api } from '../../lib/api.ts';

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
};

/** The list filters as the browser sends them: the cursor is the text the server gave. */
type Params<T> = Omit<T, 'cursor' | 'limit'> & { cursor?: string | undefined; limit?: number };

export const sharedApi = {
  home: () => api.get<TSharedHome>('/api/v1/shared/home'),
  access: () => api.get<TContentAccess>('/api/v1/shared/access'),
  memories: (q: Params<TSharedMemoriesParams> = {}) => api.get<TSharedMemoryPage>(`/api/v1/shared/memories${query(q)}`),
  memory: (id: string) => api.get<TSharedMemoryDetail>(`/api/v1/shared/memories/${id}`),
  documents: (q: Params<TSharedDocumentsParams> = {}) => api.get<TSharedDocumentPage>(`/api/v1/shared/documents${query(q)}`),
  estate: (id: string) => api.get<TSharedEstate>(`/api/v1/shared/estates/${id}`),
  letters: (q: Params<TSharedLettersParams>) => api.get<TSharedLetterPage>(`/api/v1/shared/letters${query(q)}`),
};
