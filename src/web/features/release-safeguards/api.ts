import type { TReleaseSafeguards, TSetTrusteesRequest, TUpdateReleaseRulesRequest } from '../../../core/release-safeguards.schemas.ts';
import type { TTrusteeReport, TTrusteeReports, TVetoLinkPreview } from '../../../core/trustee.schemas.ts';
import { api } from '../../lib/api.ts';

export const releaseSafeguardsApi = {
  get: () => api.get<TReleaseSafeguards>('/api/v1/release-safeguards'),
  setTrustees: (body: TSetTrusteesRequest) => api.put<TReleaseSafeguards>('/api/v1/release-safeguards/trustees', body),
  updateRules: (body: TUpdateReleaseRulesRequest) => api.patch<TReleaseSafeguards>('/api/v1/release-safeguards/rules', body),
  /** A page of the trustee's reports: the first without `cursor`, the next with the page's nextCursor. */
  trusteeReports: (cursor?: string) => api.get<TTrusteeReports>(`/api/v1/trustee/reports${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
  /** Confirm or deny: the report as the list shows it after the answer. */
  answer: (reportId: string, answer: 'confirm' | 'deny') => api.post<TTrusteeReport>(`/api/v1/trustee/reports/${reportId}/answer`, { answer }),
  previewVeto: (token: string) => api.post<TVetoLinkPreview>('/api/v1/veto-links/preview', { token }),
  cancelByVeto: (token: string) => api.post<{ cancelled: true; ownerName: string }>('/api/v1/veto-links/cancel', { token }),
};
