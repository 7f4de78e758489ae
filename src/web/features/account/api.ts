import type {
  TChangeEmailRequest,
  TChangeEmailResponse,
  TConfirmEmailResponse,
  TForgotPasswordResponse,
  TSendVerificationResponse,
} from '../../../core/account-links.schemas.ts';
import type { TAccount } from '../../../core/account.schemas.ts';
import { api } from '../../lib/api.ts';

export const accountApi = {
  get: () => api.get<TAccount>('/api/v1/account'),
  forgotPassword: (email: string) => api.post<TForgotPasswordResponse>('/api/v1/auth/password/forgot', { email }),
  resetPassword: (token: string, password: string) => api.post<{ ok: true }>('/api/v1/auth/password/reset', { token, password }),
  confirmEmail: (token: string) => api.post<TConfirmEmailResponse>('/api/v1/auth/email/confirm', { token }),
  changeEmail: (body: TChangeEmailRequest) => api.post<TChangeEmailResponse>('/api/v1/account/email', body),
  sendVerification: () => api.post<TSendVerificationResponse>('/api/v1/account/email/verification'),
};

