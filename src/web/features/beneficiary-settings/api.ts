import type { TBeneficiarySettings, TUpdateBeneficiarySettingsRequest } from '../../../core/beneficiary-settings.schemas.ts';
import { api } from '../../lib/api.ts';

export const beneficiarySettingsApi = {
  get: () => api.get<TBeneficiarySettings>('/api/v1/beneficiary-settings'),
  update: (body: TUpdateBeneficiarySettingsRequest) => api.patch<TBeneficiarySettings>('/api/v1/beneficiary-settings', body),
};
