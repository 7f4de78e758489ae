import type { TCreateFeedbackRequest, TFeedbackReceipt } from '../../../core/feedback.schemas.ts';
import { api } from '../../lib/api.ts';

/** Send feedback (core/feedback.schemas.ts). */
export const feedbackApi = {
  send: (body: TCreateFeedbackRequest) => api.post<TFeedbackReceipt>('/api/v1/feedback', body),
};
