import type { MemorialAudience, MemorialMessageStatus, TGuestbookMessage, TMemorial, TMemorialDraftInput, TMemorialMessage, TMemorialMessages, TMemorialPage } from '../../../core/memorial.schemas.ts';
import { api } from '../../lib/api.ts';

const base = (estateId: string) => `/api/v1/estates/${encodeURIComponent(estateId)}/memorial`;
const page = (token: string) => `/api/v1/memorials/${encodeURIComponent(token)}`;
const withCursor = (path: string, cursor?: string) => (cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path);

/** The memorial of one estate, for the owner drafting it and those who settle the estate (issue 28 item 5). */
export const memorialApi = {
  get: (estateId: string) => api.get<TMemorial>(base(estateId)),
  save: (estateId: string, body: TMemorialDraftInput) => api.put<TMemorial>(base(estateId), body),
  publish: (estateId: string, audience: MemorialAudience) => api.post<TMemorial>(`${base(estateId)}/publish`, { audience }),
  unpublish: (estateId: string) => api.post<TMemorial>(`${base(estateId)}/unpublish`),
  newLink: (estateId: string) => api.post<TMemorial>(`${base(estateId)}/new-link`),
  messages: (estateId: string, status: MemorialMessageStatus, cursor?: string) => api.get<TMemorialMessages>(withCursor(`${base(estateId)}/messages?status=${status}`, cursor)),
  approve: (estateId: string, messageId: string) => api.post<TMemorialMessage>(`${base(estateId)}/messages/${encodeURIComponent(messageId)}/approve`),
  reject: (estateId: string, messageId: string) => api.post<TMemorialMessage>(`${base(estateId)}/messages/${encodeURIComponent(messageId)}/reject`),
};

/** The public, unlisted page of a published memorial and its guestbook. */
export const memorialPageApi = {
  get: (token: string, cursor?: string) => api.get<TMemorialPage>(withCursor(page(token), cursor)),
  sign: (token: string, body: TGuestbookMessage) => api.post<{ message: string }>(`${page(token)}/messages`, body),
};
