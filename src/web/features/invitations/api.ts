import type { TAcceptInvitationRequest, TAcceptInvitationResponse, TInvitationInfo } from '../../../core/invitations.schemas.ts';
import { api } from '../../lib/api.ts';

/** The token goes in the body, never a path (ADR 0095). */
export const invitationsApi = {
  open: (token: string) => api.post<TInvitationInfo>('/api/v1/invitations/open', { token }),
  accept: (token: string, body: TAcceptInvitationRequest) => api.post<TAcceptInvitationResponse>('/api/v1/invitations/accept', { ...body, token }),
};
