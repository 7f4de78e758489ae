import type { TPlaybook, TPlaybookItem } from '../../../core/playbook.schemas.ts';
import { api } from '../../lib/api.ts';

const base = (estateId: string) => `/api/v1/estates/${encodeURIComponent(estateId)}/playbook`;

export const playbookApi = {
  /** A page of the checklist: the first without `cursor`, the next with the page's nextCursor. */
  get: (estateId: string, cursor?: string) => api.get<TPlaybook>(cursor ? `${base(estateId)}?cursor=${encodeURIComponent(cursor)}` : base(estateId)),
  tick: (estateId: string, assetId: string) => api.put<TPlaybookItem>(`${base(estateId)}/${encodeURIComponent(assetId)}/tick`),
  untick: (estateId: string, assetId: string) => api.delete<TPlaybookItem>(`${base(estateId)}/${encodeURIComponent(assetId)}/tick`),
};
