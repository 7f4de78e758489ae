import type { TPlaybook, TPlaybookItem } from '../../../core/playbook.schemas.ts';
import { api } from '../../lib/api.ts';

const base = (estateId: string) => `/api/v1/estates/${encodeURIComponent(estateId)}/playbook`;

export const playbookApi = {
  get: (estateId: string) => api.get<TPlaybook>(base(estateId)),
  tick: (estateId: string, assetId: string) => api.put<TPlaybookItem>(`${base(estateId)}/${encodeURIComponent(assetId)}/tick`),
  untick: (estateId: string, assetId: string) => api.delete<TPlaybookItem>(`${base(estateId)}/${encodeURIComponent(assetId)}/tick`),
};
