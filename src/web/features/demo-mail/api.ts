import type { TDemoMail, TDemoMailPage } from '../../../core/demo-mail.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/demo/mail';

/** Demo mode's mail (src/core/demo-mail.schemas.ts); 404 outside demo mode. */
export const demoMailApi = {
  list: (q: { to?: string | undefined; cursor?: string | undefined } = {}) => {
    const search = new URLSearchParams();
    if (q.to) search.set('to', q.to);
    if (q.cursor) search.set('cursor', q.cursor);
    const s = search.toString();
    return api.get<TDemoMailPage>(s ? `${BASE}?${s}` : BASE);
  },
  read: (id: string) => api.get<TDemoMail>(`${BASE}/${encodeURIComponent(id)}`),
};
