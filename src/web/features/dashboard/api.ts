import type { TBeneficiary, TBeneficiaryAccessView, TSendBeneficiaryMessageRequest } from '../../../core/beneficiaries.schemas.ts';
import type { TDashboard } from '../../../core/dashboard.schemas.ts';
import type { TTask } from '../../../core/tasks.schemas.ts';
import { api } from '../../lib/api.ts';

export const dashboardApi = {
  get: () => api.get<TDashboard>('/api/v1/dashboard'),
  access: (beneficiaryId: string) => api.get<TBeneficiaryAccessView>(`/api/v1/beneficiaries/${beneficiaryId}/access`),
  message: (beneficiaryId: string, body: TSendBeneficiaryMessageRequest) =>
    api.post<{ id: string }>(`/api/v1/beneficiaries/${beneficiaryId}/messages`, body),
  resendInvitation: (beneficiaryId: string) => api.post<TBeneficiary>(`/api/v1/beneficiaries/${beneficiaryId}/invitation`),
  completeTask: (taskId: string) => api.post<TTask>(`/api/v1/tasks/${taskId}/complete`),
};
