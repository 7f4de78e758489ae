import type { TReleasePlan } from '../../../core/release-plan.schemas.ts';
import { api } from '../../lib/api.ts';

export const releasePlanApi = {
  get: () => api.get<TReleasePlan>('/api/v1/release-plan'),
};
