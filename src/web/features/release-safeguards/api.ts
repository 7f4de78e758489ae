import type { TReleaseSafeguards, TSetTrusteesRequest, TUpdateReleaseRulesRequest } from '../../../core/release-safeguards.schemas.ts';
import type { TTrusteeReports, TVetoLinkPreview } from '../../../core/trustee.schemas.ts';
import { api } from '../../lib/api.ts';

export const releaseSafeguardsApi = {
  get: () => api.get<TReleaseSafeguards>('/api/v1/release-safeguards'),
  setTrustees: (body: TSetTrusteesRequest) => api.put<TReleaseSafeguards>('/api/v1/release-safeguards/trustees', body),
  updateRules: (body: TUpdateReleaseRulesRequest) => api.patch<TReleaseSafeguards>('/api/v1/release-safeguards/rules', body),
  trusteeReports: () => api.get<TTrusteeReports>('/api/v1/trustee/reports'),
  answer: (reportId: string, answer: 'confirm' | 'deny') => api.post<TTrusteeReports>(`/api/v1/trustee/reports/${reportId}/answer`, { answer }),
  previewVeto: (token: string) => api.post<TVetoLinkPreview>('/api/v1/veto-links/preview', { token }),
  cancelByVeto: (token: string) => api.post<{ cancelled: true; ownerName: string }>('/api/v1/veto-links/cancel', { token }),
};
