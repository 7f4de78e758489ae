import { resealPartName, type TCreateSealRequest, type TEstateSeal, type THeldKit, type THeldKits, type TResealRequest, type TSealedItemParts } from '../../../core/estate-seal.schemas.ts';
import { api } from '../../lib/api.ts';

/** A sealed part sealed again to a new seal: armoured text, or a document's age file. */
export interface ResealedPart {
  itemType: string;
  itemId: string;
  part: string;
  sealed: Uint8Array | string;
  fileName: string;
}

export const estateSealApi = {
  get: () => api.get<TEstateSeal>('/api/v1/estate-seal'),
  create: (body: TCreateSealRequest) => api.post<TEstateSeal>('/api/v1/estate-seal', body),
  remove: () => api.delete<TEstateSeal>('/api/v1/estate-seal'),
  items: () => api.get<TSealedItemParts>('/api/v1/estate-seal/items'),
  /** The request, then every sealed part sealed again, each as its own part (estate-seal.schemas: ZResealRequest). */
  reseal: (body: TResealRequest, parts: ResealedPart[]) => {
    const form = new FormData();
    form.append('request', JSON.stringify(body));
    for (const part of parts) form.append(resealPartName(part), new Blob([part.sealed as BlobPart]), part.fileName);
    return api.post<TEstateSeal>('/api/v1/estate-seal/reseal', form);
  },
  heldKits: () => api.get<THeldKits>('/api/v1/trustee/kits'),
  give: (kitId: string, kit: string) => api.post<THeldKit>(`/api/v1/trustee/kits/${kitId}/give`, { kit }),
  confirmStored: (kitId: string, checkGroup: string) => api.post<THeldKit>(`/api/v1/trustee/kits/${kitId}/stored`, { checkGroup }),
};
