import type { TSecurityPolicy, TSecurityPolicyView } from '../../../core/security-policy.schemas.ts';
import { api } from '../../lib/api.ts';

export const securityPolicyApi = {
  get: () => api.get<TSecurityPolicyView>('/api/v1/admin/security-policy'),
  save: (policy: TSecurityPolicy) => api.put<TSecurityPolicyView>('/api/v1/admin/security-policy', policy),
};

/** The wireframe's session timeout text (§9), with the configured number of minutes. */
export const sessionTimeoutText = (minutes: number) => `Automatic logout after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} of inactivity`;
