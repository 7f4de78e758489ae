import type { TCreateTaskRequest, TTask, TTaskList, TUpdateTaskRequest } from '../../../core/tasks.schemas.ts';
import type { TASK_FILTERS } from '../../../core/constants.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/tasks';

export const tasksApi = {
  /** One page: the first without `cursor`, the next with the previous page's nextCursor. */
  list: (filter: (typeof TASK_FILTERS)[number], q: string, cursor?: string) => {
    const params = new URLSearchParams({ filter });
    if (q.trim()) params.set('q', q.trim());
    if (cursor) params.set('cursor', cursor);
    return api.get<TTaskList>(`${BASE}?${params}`);
  },
  create: (body: TCreateTaskRequest) => api.post<TTask>(BASE, body),
  update: (id: string, body: TUpdateTaskRequest) => api.patch<TTask>(`${BASE}/${id}`, body),
  complete: (id: string) => api.post<TTask>(`${BASE}/${id}/complete`),
  reopen: (id: string) => api.post<TTask>(`${BASE}/${id}/reopen`),
  remove: (id: string) => api.delete<{ ok: true }>(`${BASE}/${id}`),
};
