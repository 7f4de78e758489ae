import type { TIncapacitySettings, TIncapacityState, TSetIncapacityGrants } from '../../../core/incapacity.schemas.ts';
import { api } from '../../lib/api.ts';

export const incapacityApi = {
  get: () => api.get<TIncapacitySettings>('/api/v1/incapacity'),
  setGrants: (body: TSetIncapacityGrants) => api.put<TIncapacitySettings>('/api/v1/incapacity/grants', body),
  imBack: () => api.post<TIncapacitySettings>('/api/v1/incapacity/end'),
  stateOf: (estateId: string) => api.get<TIncapacityState>(`/api/v1/estates/${estateId}/incapacity`),
  endFor: (estateId: string) => api.post<TIncapacityState>(`/api/v1/estates/${estateId}/incapacity/end`),
};
