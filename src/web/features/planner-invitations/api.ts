import type { z } from 'zod';
import type {
  TPlannerInvitation,
  TPlannerInvitationPage,
  ZCreatePlannerInvitationRequest,
} from '../../../core/planner-invitations.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/planner/invitations';

/** Invite a Loved One (src/core/planner-invitations.schemas.ts lists the routes). */
export const plannerInvitationsApi = {
  list: (cursor?: string) => api.get<TPlannerInvitationPage>(cursor ? `${BASE}?cursor=${encodeURIComponent(cursor)}` : BASE),
  /** 409 while an invitation to the address is open, or when they are already a client. */
  create: (body: z.output<typeof ZCreatePlannerInvitationRequest>) => api.post<TPlannerInvitation>(BASE, body),
  resend: (id: string) => api.post<TPlannerInvitation>(`${BASE}/${encodeURIComponent(id)}/resend`),
  cancel: (id: string) => api.post<TPlannerInvitation>(`${BASE}/${encodeURIComponent(id)}/cancel`),
};
