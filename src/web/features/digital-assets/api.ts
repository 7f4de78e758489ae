import type { TCreateDigitalAssetInput, TDigitalAsset, TDigitalAssetList, TRevealedSecrets, TUpdateDigitalAssetRequest } from '../../../core/digital-assets.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/digital-assets';

export const digitalAssetsApi = {
  list: () => api.get<TDigitalAssetList>(BASE),
  create: (body: TCreateDigitalAssetInput) => api.post<TDigitalAsset>(BASE, body),
  update: (id: string, body: TUpdateDigitalAssetRequest) => api.patch<TDigitalAsset>(`${BASE}/${id}`, body),
  remove: (id: string) => api.delete<void>(`${BASE}/${id}`),
  /** The explicit, audit-logged reveal. */
  reveal: (id: string) => api.post<TRevealedSecrets>(`${BASE}/${id}/reveal`),
};
