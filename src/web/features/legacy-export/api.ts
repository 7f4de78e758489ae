import type {
  TLatestLegacyExport,
  TLegacyExport,
  TLegacyExportLink,
  TLegacyExportLinkStatus,
  TStartLegacyExportRequest,
} from '../../../core/legacy-export.schemas.ts';
import { api } from '../../lib/api.ts';

export const legacyExportApi = {
  latest: (background = false) => api.get<TLatestLegacyExport>('/api/v1/legacy-exports/latest', { background }),
  start: (body: TStartLegacyExportRequest) => api.post<TLegacyExport>('/api/v1/legacy-exports', body),
  link: (id: string) => api.post<TLegacyExportLink>(`/api/v1/legacy-exports/${id}/link`),
  checkLink: (token: string) => api.get<TLegacyExportLinkStatus>(`/api/v1/legacy-exports/links/${encodeURIComponent(token)}`),
};
