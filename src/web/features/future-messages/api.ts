import type {
  TFutureMessage,
  TFutureMessageList,
  TFutureMessageOptions,
  TFutureMessagePreview,
  TSaveFutureMessageRequest,
} from '../../../core/future-messages.schemas.ts';
import type { TSealedPart } from '../../../core/estate-seal.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/future-messages';

export const futureMessagesApi = {
  /** One page: the first without `cursor`, the next with the previous page's nextCursor. */
  list: (cursor?: string) => api.get<TFutureMessageList>(cursor ? `${BASE}?cursor=${encodeURIComponent(cursor)}` : BASE),
  options: () => api.get<TFutureMessageOptions>(`${BASE}/options`),
  create: (body: TSaveFutureMessageRequest) => api.post<TFutureMessage>(BASE, body),
  update: (id: string, body: TSaveFutureMessageRequest) => api.put<TFutureMessage>(`${BASE}/${id}`, body),
  remove: (id: string) => api.delete<{ ok: true }>(`${BASE}/${id}`),
  preview: (id: string) => api.get<TFutureMessagePreview>(`${BASE}/${id}/preview`),
  /** A sealed letter's age file, for the Owner Kit to open in this browser. */
  sealed: (id: string) => api.get<TSealedPart>(`${BASE}/${id}/sealed`),
};
