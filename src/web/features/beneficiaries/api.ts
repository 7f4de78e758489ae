import type { TAccess, TBeneficiary, TBeneficiaryList, TCreateBeneficiaryRequest, TUpdateBeneficiaryRequest } from '../../../core/beneficiaries.schemas.ts';
import type {
  TAvailablePlanners,
  TInviteSupportMemberRequest,
  TSupportMember,
  TSupportTeam,
} from '../../../core/support-team.schemas.ts';
import { api } from '../../lib/api.ts';

export const beneficiariesApi = {
  /** One page in name order: the first without `cursor`, then the one after the cursor a page gave. */
  list: (cursor?: string) => api.get<TBeneficiaryList>(cursor ? `/api/v1/beneficiaries?cursor=${encodeURIComponent(cursor)}` : '/api/v1/beneficiaries'),
  create: (body: TCreateBeneficiaryRequest) => api.post<TBeneficiary>('/api/v1/beneficiaries', body),
  update: (id: string, body: TUpdateBeneficiaryRequest) => api.patch<TBeneficiary>(`/api/v1/beneficiaries/${id}`, body),
  setAccess: (id: string, access: Partial<TAccess>) => api.patch<TBeneficiary>(`/api/v1/beneficiaries/${id}`, { access }),
  remove: (id: string) => api.delete<{ ok: true }>(`/api/v1/beneficiaries/${id}`),
  resendInvitation: (id: string) => api.post<TBeneficiary>(`/api/v1/beneficiaries/${id}/invitation`),
};

export const supportTeamApi = {
  list: () => api.get<TSupportTeam>('/api/v1/support-team'),
  invite: (body: TInviteSupportMemberRequest) => api.post<TSupportMember>('/api/v1/support-team', body),
  availablePlanners: () => api.get<TAvailablePlanners>('/api/v1/support-team/available-planners'),
  addPlanner: (plannerId: string) => api.post<TSupportMember>('/api/v1/support-team/planners', { plannerId }),
  resendInvitation: (id: string) => api.post<TSupportMember>(`/api/v1/support-team/${id}/invitation`),
  remove: (id: string) => api.delete<{ ok: true }>(`/api/v1/support-team/${id}`),
};
