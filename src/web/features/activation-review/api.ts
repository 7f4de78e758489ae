import type { TActivationReview, TActivationReviewList, TActivationReviewState, TOwnerActivationReview } from '../../../core/activation-review.schemas.ts';
import { api } from '../../lib/api.ts';

/** "This is a mistake — I am alive" and its two-person review (ADR 0075). */
export const activationReviewApi = {
  own: () => api.get<TOwnerActivationReview>('/api/v1/estate/activation-review'),
  open: () => api.post<TOwnerActivationReview>('/api/v1/estate/activation-review'),
  ofEstate: (estateId: string) => api.get<TActivationReviewState>(`/api/v1/estate-admin/estates/${estateId}/activation-review`),
  propose: (estateId: string, reason: string) => api.post<TActivationReview>(`/api/v1/estate-admin/estates/${estateId}/activation-review/propose`, { reason }),
  undecided: () => api.get<TActivationReviewList>('/api/v1/admin/activation-reviews'),
  decide: (id: string, approve: boolean, reason: string) => api.post<TActivationReview>(`/api/v1/admin/activation-reviews/${id}/${approve ? 'approve' : 'reject'}`, { reason }),
};
