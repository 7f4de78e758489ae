import type { z } from 'zod';
import type {
  TAdministratorCandidates,
  TInviteEstateOwnerRequest,
  TPlatformEstate,
  ZPlatformEstateListQuery,
  TPlatformEstatePage,
} from '../../../core/admin-estates.schemas.ts';
import type { TInviteUserRequest, TPlatformUser, ZPlatformUserListQuery, TPlatformUserPage, TUpdateUserRequest } from '../../../core/admin-users.schemas.ts';
import { api } from '../../lib/api.ts';

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const s = search.toString();
  return s ? `?${s}` : '';
};

/** The admin's Users and Estates API (core/admin-users.schemas.ts, core/admin-estates.schemas.ts list the routes). */
export const adminAccountsApi = {
  users: (q: z.input<typeof ZPlatformUserListQuery> = {}) => api.get<TPlatformUserPage>(`/api/v1/admin/users${query(q)}`),
  inviteUser: (body: TInviteUserRequest) => api.post<TPlatformUser>('/api/v1/admin/users', body),
  updateUser: (id: string, body: TUpdateUserRequest) => api.patch<TPlatformUser>(`/api/v1/admin/users/${encodeURIComponent(id)}`, body),
  resetTwoFactor: (id: string) => api.post<TPlatformUser>(`/api/v1/admin/users/${encodeURIComponent(id)}/reset-two-factor`),
  estates: (q: z.input<typeof ZPlatformEstateListQuery> = {}) => api.get<TPlatformEstatePage>(`/api/v1/admin/estates${query(q)}`),
  inviteOwner: (body: TInviteEstateOwnerRequest) => api.post<TPlatformEstate>('/api/v1/admin/estates', body),
  assignAdministrator: (estateId: string, userId: string) =>
    api.put<TPlatformEstate>(`/api/v1/admin/estates/${encodeURIComponent(estateId)}/administrator`, { userId }),
  candidates: (q: string) => api.get<TAdministratorCandidates>(`/api/v1/admin/estate-administrators${query({ q })}`),
};
