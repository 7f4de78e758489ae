import type {
  TNotification,
  TNotificationPreferences,
  TNotificationsList,
  TNotificationsParams,
  TUpdateNotificationPreferencesRequest,
} from '../../../core/notifications.schemas.ts';
import { api } from '../../lib/api.ts';

export const notificationsApi = {
  list: (q: TNotificationsParams = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v) params.set(k, String(v));
    const s = params.toString();
    return api.get<TNotificationsList>(`/api/v1/notifications${s ? `?${s}` : ''}`);
  },
  markRead: (id: string) => api.post<TNotification>(`/api/v1/notifications/${id}/read`),
  archive: (id: string) => api.post<TNotification>(`/api/v1/notifications/${id}/archive`),
  unarchive: (id: string) => api.post<TNotification>(`/api/v1/notifications/${id}/unarchive`),
  markAllRead: () => api.post<{ updated: number }>('/api/v1/notifications/read-all'),
  savePreferences: (body: TUpdateNotificationPreferencesRequest) => api.patch<TNotificationPreferences>('/api/v1/notifications/preferences', body),
};
