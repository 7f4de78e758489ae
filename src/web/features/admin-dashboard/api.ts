import type { TAdminAlertStatus } from '../../../core/admin.schemas.ts';
import type {
  TAdminAlert,
  TAdminAlertPage,
  TAdminDashboard,
  TAdminTask,
  TAdminTaskPage,
  TCreateAdminTaskRequest,
} from '../../../core/admin-dashboard.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/admin';
const withCursor = (path: string, params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const s = search.toString();
  return s ? `${path}?${s}` : path;
};

/** The admin dashboard's API (src/core/admin-dashboard.schemas.ts lists the routes). */
export const adminDashboardApi = {
  dashboard: () => api.get<TAdminDashboard>(`${BASE}/dashboard`),
  alerts: (cursor?: string) => api.get<TAdminAlertPage>(withCursor(`${BASE}/alerts`, { status: 'open', cursor })),
  /** 409 with a message when another admin moved the alert on meanwhile. */
  moveAlert: (id: string, status: TAdminAlertStatus) => api.post<TAdminAlert>(`${BASE}/alerts/${encodeURIComponent(id)}/status`, { status }),
  tasks: (cursor?: string) => api.get<TAdminTaskPage>(withCursor(`${BASE}/tasks`, { cursor })),
  addTask: (body: TCreateAdminTaskRequest) => api.post<TAdminTask>(`${BASE}/tasks`, body),
  completeTask: (id: string) => api.post<TAdminTask>(`${BASE}/tasks/${encodeURIComponent(id)}/complete`),
};
