import type {
  TAccessOverview,
  TChangePasswordRequest,
  TLogPage,
  TRecoveryCodes,
  TSecurityOverview,
  TTwoFactorSetup,
} from '../../../core/security.schemas.ts';
import { api } from '../../lib/api.ts';

export const securityApi = {
  overview: () => api.get<TSecurityOverview>('/api/v1/security'),
  startSetup: () => api.post<TTwoFactorSetup>('/api/v1/security/two-factor/setup'),
  confirm: (code: string) => api.post<TRecoveryCodes>('/api/v1/security/two-factor/confirm', { code }),
  disable: (code: string) => api.post<{ ok: true }>('/api/v1/security/two-factor/disable', { code }),
  changePassword: (body: TChangePasswordRequest) => api.post<{ ok: true; otherSessionsEnded: number }>('/api/v1/security/password', body),
  securityLog: (cursor?: string) => api.get<TLogPage>(`/api/v1/security/log${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
  activityLog: (cursor?: string) => api.get<TLogPage>(`/api/v1/security/activity${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
  access: () => api.get<TAccessOverview>('/api/v1/security/access'),
  revokeSession: (id: string) => api.delete<{ ok: true }>(`/api/v1/security/sessions/${id}`),
};
