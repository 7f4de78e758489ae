import type {
  TCreatePlannerTaskRequest,
  TLovedOneDetail,
  TLovedOnePage,
  TPlannerDashboard,
  TPlannerTask,
  TPlannerTaskPage,
  TUpdatePlannerTaskRequest,
} from '../../../core/planner.schemas.ts';
import type { TCreateTaskRequest, TTask } from '../../../core/tasks.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/planner';
const id = encodeURIComponent;

export const PLANNER_HOME = '/legacy-planner';
export const LOVED_ONES_PATH = '/legacy-planner/loved-ones';
export const INVITE_PATH = '/legacy-planner/loved-ones/invite';
export const lovedOnePath = (estateId: string) => `${LOVED_ONES_PATH}/${id(estateId)}`;
/** The appointments page (part C) opens its schedule form on `schedule=1`, with the type preset by `type`. */
export const SCHEDULE_SESSION_PATH = '/legacy-planner/appointments?schedule=1';
export const START_RECORDING_PATH = '/legacy-planner/appointments?schedule=1&type=Memory%20Recording';

/** The planner's practice API (src/core/planner.schemas.ts lists the routes). */
export const plannerApi = {
  dashboard: () => api.get<TPlannerDashboard>(`${BASE}/dashboard`),
  lovedOnes: (q: { q?: string | undefined; cursor?: string | undefined } = {}) => {
    const params = new URLSearchParams();
    if (q.q) params.set('q', q.q);
    if (q.cursor) params.set('cursor', q.cursor);
    const s = params.toString();
    return api.get<TLovedOnePage>(`${BASE}/loved-ones${s ? `?${s}` : ''}`);
  },
  lovedOne: (estateId: string) => api.get<TLovedOneDetail>(`${BASE}/loved-ones/${id(estateId)}`),
  suggestTask: (estateId: string, body: TCreateTaskRequest) => api.post<TTask>(`${BASE}/loved-ones/${id(estateId)}/suggested-tasks`, body),
  /** A page of open (soonest due first) or done tasks; `cursor` the previous page's nextCursor. */
  tasks: (q: { status?: 'open' | 'done'; cursor?: string } = {}) => {
    const params = new URLSearchParams();
    if (q.status) params.set('status', q.status);
    if (q.cursor) params.set('cursor', q.cursor);
    const s = params.toString();
    return api.get<TPlannerTaskPage>(`${BASE}/tasks${s ? `?${s}` : ''}`);
  },
  createTask: (body: TCreatePlannerTaskRequest) => api.post<TPlannerTask>(`${BASE}/tasks`, body),
  updateTask: (taskId: string, body: TUpdatePlannerTaskRequest) => api.patch<TPlannerTask>(`${BASE}/tasks/${id(taskId)}`, body),
  deleteTask: (taskId: string) => api.delete<{ ok: true }>(`${BASE}/tasks/${id(taskId)}`),
};
