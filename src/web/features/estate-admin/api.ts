import type { TAdminBeneficiaryAccessView } from '../../../core/beneficiaries.schemas.ts';
import type { EstateEvent, EstateStatus } from '../../../core/lifecycle.ts';
import type {
  TAdminBeneficiaryPage,
  TAdminEstateDetail,
  TAdminEstatePage,
  TAlertList,
  TEstateAdminDashboard,
  TEstateAdminSettings,
  TEstateAlert,
  TPreviewUrl,
  TVerificationItem,
  TVerificationPage,
} from '../../../core/lifecycle.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/estate-admin';

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const s = search.toString();
  return s ? `?${s}` : '';
};

export type VerificationStatus = TVerificationItem['status'];
export type AlertStatus = TEstateAlert['status'];

/** The estate administrator's API (src/core/lifecycle.schemas.ts lists the routes). */
export const estateAdminApi = {
  dashboard: () => api.get<TEstateAdminDashboard>(`${BASE}/dashboard`),
  estates: (q: { q?: string | undefined; status?: EstateStatus | undefined; cursor?: string | undefined } = {}) =>
    api.get<TAdminEstatePage>(`${BASE}/estates${query(q)}`),
  estate: (id: string) => api.get<TAdminEstateDetail>(`${BASE}/estates/${encodeURIComponent(id)}`),
  /** The estate's beneficiaries after `cursor` (the detail carries the first page), in name order. */
  beneficiaries: (id: string, cursor: string) => api.get<TAdminBeneficiaryPage>(`${BASE}/estates/${encodeURIComponent(id)}/beneficiaries${query({ cursor })}`),
  /** Activate / Update Status: 409 with a message when the estate's state has moved on. */
  transition: (id: string, event: EstateEvent) => api.post<TAdminEstateDetail>(`${BASE}/estates/${encodeURIComponent(id)}/transition`, { event }),
  /** View Access (read-only): one beneficiary's flags and what is shared with them / visible to them now; private details after activation. */
  beneficiaryAccess: (estateId: string, beneficiaryId: string) =>
    api.get<TAdminBeneficiaryAccessView>(`${BASE}/estates/${encodeURIComponent(estateId)}/beneficiaries/${encodeURIComponent(beneficiaryId)}/access`),
  verifications: (q: { status?: VerificationStatus | undefined; estateId?: string | undefined; cursor?: string | undefined } = {}) =>
    api.get<TVerificationPage>(`${BASE}/verifications${query(q)}`),
  approve: (id: string) => api.post<TVerificationItem>(`${BASE}/verifications/${id}/approve`),
  reject: (id: string, reason: string) => api.post<TVerificationItem>(`${BASE}/verifications/${id}/reject`, { reason }),
  /** A short-lived address of the document, for the in-page preview frame. */
  preview: (id: string) => api.post<TPreviewUrl>(`${BASE}/verifications/${id}/preview`),
  alerts: (q: { status?: AlertStatus | undefined; cursor?: string | undefined; limit?: number | undefined } = {}) =>
    api.get<TAlertList>(`${BASE}/alerts${query({ ...q, limit: q.limit?.toString() })}`),
  takeAction: (id: string) => api.post<TEstateAlert>(`${BASE}/alerts/${id}/take-action`),
  resolve: (id: string) => api.post<TEstateAlert>(`${BASE}/alerts/${id}/resolve`),
  settings: () => api.get<TEstateAdminSettings>(`${BASE}/settings`),
  saveSettings: (body: TEstateAdminSettings) => api.put<TEstateAdminSettings>(`${BASE}/settings`, body),
};
