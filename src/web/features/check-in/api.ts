import type { TCheckIn, TCheckInAnswerRequest, TCheckInQuestion, TUpdateCheckInRequest } from '../../../core/check-in.schemas.ts';
import { api } from '../../lib/api.ts';

export const checkInApi = {
  get: () => api.get<TCheckIn>('/api/v1/check-in'),
  update: (body: TUpdateCheckInRequest) => api.patch<TCheckIn>('/api/v1/check-in', body),
  imHere: () => api.post<TCheckIn>('/api/v1/check-in'),
  followLink: (token: string) => api.post<{ ok: true; name: string }>('/api/v1/check-in/link', { token }),
  question: (id: string) => api.get<TCheckInQuestion>(`/api/v1/check-in/questions/${encodeURIComponent(id)}`),
  answer: (id: string, body: TCheckInAnswerRequest) => api.post<TCheckInQuestion>(`/api/v1/check-in/questions/${encodeURIComponent(id)}/answer`, body),
};

/** A due date in words, in the zone the server counts in. */
export function formatWhen(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** A pause's end date (YYYY-MM-DD) in words. */
export function formatDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** One line for the dashboard and the settings card. */
export function checkInSummary(c: TCheckIn): string {
  if (c.state === 'off') return 'The check-in is off.';
  if (c.state === 'paused' && c.pausedUntil) return `Paused until ${formatDate(c.pausedUntil)}.${c.dueAt ? ` Then your next check-in is due by ${formatWhen(c.dueAt, c.timeZone)}.` : ''}`;
  if (c.state === 'missed') return 'You missed your check-in: your trustees were asked whether you are all right. Check in now to let them know.';
  return c.dueAt ? `Next check-in due by ${formatWhen(c.dueAt, c.timeZone)}.` : 'The check-in is on.';
}
