import type { TCreateDigitalAssetInput, TDigitalAsset, TDigitalAssetList, TRevealedSecrets, TUpdateDigitalAssetRequest } from '../../../core/digital-assets.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/digital-assets';

export const digitalAssetsApi = {
  /** One page in name order: the first without `cursor`, then the one after the cursor a page gave. */
  list: (cursor?: string) => api.get<TDigitalAssetList>(cursor ? `${BASE}?cursor=${encodeURIComponent(cursor)}` : BASE),
  create: (body: TCreateDigitalAssetInput) => api.post<TDigitalAsset>(BASE, body),
  update: (id: string, body: TUpdateDigitalAssetRequest) => api.patch<TDigitalAsset>(`${BASE}/${id}`, body),
  remove: (id: string) => api.delete<void>(`${BASE}/${id}`),
  /** The explicit, audit-logged reveal. */
  reveal: (id: string) => api.post<TRevealedSecrets>(`${BASE}/${id}/reveal`),
};
