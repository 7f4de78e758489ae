import type { TAdministeredBeneficiaryAccessView } from '../../../core/beneficiaries.schemas.ts';
import type { EstateEvent, EstateStatus } from '../../../core/lifecycle.ts';
import type {
  TAdministeredBeneficiaryPage,
  TAdministeredEstateDetail,
  TAdministeredEstatePage,
  TAlertList,
  TEstateAdministratorDashboard,
  TEstateAdministratorSettings,
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
export const estateAdministratorApi = {
  dashboard: () => api.get<TEstateAdministratorDashboard>(`${BASE}/dashboard`),
  estates: (q: { q?: string | undefined; status?: EstateStatus | undefined; cursor?: string | undefined } = {}) =>
    api.get<TAdministeredEstatePage>(`${BASE}/estates${query(q)}`),
  estate: (id: string) => api.get<TAdministeredEstateDetail>(`${BASE}/estates/${encodeURIComponent(id)}`),
  /** The estate's beneficiaries after `cursor` (the detail carries the first page), in name order. */
  beneficiaries: (id: string, cursor: string) => api.get<TAdministeredBeneficiaryPage>(`${BASE}/estates/${encodeURIComponent(id)}/beneficiaries${query({ cursor })}`),
  /** Activate / Update Status: 409 with a message when the estate's state has moved on. */
  transition: (id: string, event: EstateEvent) => api.post<TAdministeredEstateDetail>(`${BASE}/estates/${encodeURIComponent(id)}/transition`, { event }),
  /** View Access (read-only): one beneficiary's flags and what is shared with them / visible to them now; private details after activation. */
  beneficiaryAccess: (estateId: string, beneficiaryId: string) =>
    api.get<TAdministeredBeneficiaryAccessView>(`${BASE}/estates/${encodeURIComponent(estateId)}/beneficiaries/${encodeURIComponent(beneficiaryId)}/access`),
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
  settings: () => api.get<TEstateAdministratorSettings>(`${BASE}/settings`),
  saveSettings: (body: TEstateAdministratorSettings) => api.put<TEstateAdministratorSettings>(`${BASE}/settings`, body),
};
