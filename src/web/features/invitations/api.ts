import type { TAcceptInvitationRequest, TAcceptInvitationResponse, TInvitationInfo } from '../../../core/invitations.schemas.ts';
import { api } from '../../lib/api.ts';

const path = (token: string) => `/api/v1/invitations/${encodeURIComponent(token)}`;

export const invitationsApi = {
  get: (token: string) => api.get<TInvitationInfo>(path(token)),
  accept: (token: string, body: TAcceptInvitationRequest) => api.post<TAcceptInvitationResponse>(`${path(token)}/accept`, body),
};
