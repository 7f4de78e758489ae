import type { TComposeMessageRequest, TContact, TInboxList, TInboxQuery, TThread } from '../../../core/inbox.schemas.ts';
import { api } from '../../lib/api.ts';

export const inboxApi = {
  list: (q: TInboxQuery = {}) => {
    const params = new URLSearchParams();
    if (q.q) params.set('q', q.q);
    if (q.filter && q.filter !== 'all') params.set('filter', q.filter);
    const s = params.toString();
    return api.get<TInboxList>(`/api/v1/inbox${s ? `?${s}` : ''}`);
  },
  unreadCount: () => api.get<{ unreadCount: number }>('/api/v1/inbox/unread-count'),
  contacts: () => api.get<TContact[]>('/api/v1/inbox/contacts'),
  thread: (id: string) => api.get<TThread>(`/api/v1/inbox/threads/${id}`),
  markRead: (id: string) => api.post<TThread>(`/api/v1/inbox/threads/${id}/read`),
  reply: (id: string, body: string) => api.post<TThread>(`/api/v1/inbox/threads/${id}/replies`, { body }),
  compose: (body: TComposeMessageRequest) => api.post<TThread>('/api/v1/inbox/messages', body),
};
