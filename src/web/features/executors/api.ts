import type { TExecutors, TSetExecutorsRequest } from '../../../core/executors.schemas.ts';
import { api } from '../../lib/api.ts';

export const executorsApi = {
  get: () => api.get<TExecutors>('/api/v1/executors'),
  set: (body: TSetExecutorsRequest) => api.put<TExecutors>('/api/v1/executors', body),
};
