import type { TCreateSealRequest, TEstateSeal, THeldKit, THeldKits, TResealRequest, TSealedItemParts } from '../../../core/estate-seal.schemas.ts';
import { api } from '../../lib/api.ts';

export const estateSealApi = {
  get: () => api.get<TEstateSeal>('/api/v1/estate-seal'),
  create: (body: TCreateSealRequest) => api.post<TEstateSeal>('/api/v1/estate-seal', body),
  remove: () => api.delete<TEstateSeal>('/api/v1/estate-seal'),
  items: () => api.get<TSealedItemParts>('/api/v1/estate-seal/items'),
  reseal: (body: TResealRequest) => api.post<TEstateSeal>('/api/v1/estate-seal/reseal', body),
  heldKits: () => api.get<THeldKits>('/api/v1/trustee/kits'),
  give: (kitId: string, kit: string) => api.post<THeldKit>(`/api/v1/trustee/kits/${kitId}/give`, { kit }),
  confirmStored: (kitId: string, checkGroup: string) => api.post<THeldKit>(`/api/v1/trustee/kits/${kitId}/stored`, { checkGroup }),
};
