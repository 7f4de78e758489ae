import type { TAccountDeletionScheduled } from '../../../core/account-deletion.schemas.ts';
import type { TConfirmIdentityRequest, TConfirmIdentityStatus } from '../../../core/confirm-identity.schemas.ts';
import { api } from '../../lib/api.ts';

const CONFIRM = '/api/v1/session/confirm';

export const confirmIdentityApi = {
  status: () => api.get<TConfirmIdentityStatus>(CONFIRM),
  confirm: (body: TConfirmIdentityRequest) => api.post<TConfirmIdentityStatus>(CONFIRM, body),
  /** Delete my account: the password (and the code when two-factor is on), every time. */
  requestDeletion: (body: TConfirmIdentityRequest) => api.post<TAccountDeletionScheduled>('/api/v1/account/deletion', body),
};
