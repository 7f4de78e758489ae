import type {
  TContentAccess,
  TSharedDocument,
  TSharedDocumentsQuery,
  TSharedEstate,
  TSharedHome,
  TSharedMemoriesQuery,
  TSharedMemory,
  TSharedMemoryDetail,
} from '../../../core/shared-content.schemas.ts';
import { api } from '../../lib/api.ts';

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const s = search.toString();
  return s ? `?${s}` : '';
};

export const sharedApi = {
  home: () => api.get<TSharedHome>('/api/v1/shared/home'),
  access: () => api.get<TContentAccess>('/api/v1/shared/access'),
  memories: (q: TSharedMemoriesQuery = {}) => api.get<TSharedMemory[]>(`/api/v1/shared/memories${query(q)}`),
  memory: (id: string) => api.get<TSharedMemoryDetail>(`/api/v1/shared/memories/${id}`),
  documents: (q: TSharedDocumentsQuery = {}) => api.get<TSharedDocument[]>(`/api/v1/shared/documents${query(q)}`),
  estate: (id: string) => api.get<TSharedEstate>(`/api/v1/shared/estates/${id}`),
};
