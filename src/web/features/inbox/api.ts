import type { TComposeMessageRequest, TContactList, TInboxList, TThread } from '../../../core/inbox.schemas.ts';
import { api } from '../../lib/api.ts';

/** `?a=1&b=2` of the given values that are set, or '' when none is. */
function queryOf(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const inboxApi = {
  /** One page of conversations (the server's page size), after `cursor` when given. */
  list: (q: { q?: string; filter?: 'all' | 'unread'; cursor?: string } = {}) =>
    api.get<TInboxList>(`/api/v1/inbox${queryOf({ q: q.q, filter: q.filter === 'unread' ? 'unread' : undefined, cursor: q.cursor })}`),
  unreadCount: () => api.get<{ unreadCount: number }>('/api/v1/inbox/unread-count'),
  /** Whom the caller may write to, in name order, narrowed to names containing `q`. */
  contacts: (q?: string) => api.get<TContactList>(`/api/v1/inbox/contacts${queryOf({ q })}`),
  /** A conversation's newest page, or the page before `cursor` (its earlierCursor). */
  thread: (id: string, cursor?: string) => api.get<TThread>(`/api/v1/inbox/threads/${id}${queryOf({ cursor })}`),
  markRead: (id: string) => api.post<TThread>(`/api/v1/inbox/threads/${id}/read`),
  reply: (id: string, body: string) => api.post<TThread>(`/api/v1/inbox/threads/${id}/replies`, { body }),
  compose: (body: TComposeMessageRequest) => api.post<TThread>('/api/v1/inbox/messages', body),
};
