import type { TCreateDigitalAssetInput, TDigitalAsset, TDigitalAssetList, TRevealedSecrets, TUpdateDigitalAssetRequest } from '../../../core/digital-assets.schemas.ts';
import type { TSealedPart } from '../../../core/estate-seal.schemas.ts';
import { openText, sealText } from '../../../core/seal/sealed-content.ts';
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
  /** Sealed secrets, opened here with the Owner Kit's key (the server cannot open them). */
  openSealed: async (id: string, identity: string): Promise<TRevealedSecrets> => {
    const part = await api.get<TSealedPart>(`${BASE}/${id}/sealed`);
    return { password: '', recoveryCodes: '', accessInstructions: '', ...(JSON.parse(await openText(identity, part.armored)) as Partial<TRevealedSecrets>) };
  },
  /** The secrets sealed whole in this browser, with the seal they were sealed to, as the request carries them. */
  seal: async (seal: { recipient: string; sealTag: string }, secrets: TRevealedSecrets) => ({ sealedSecrets: await sealText(seal.recipient, JSON.stringify(secrets)), sealTag: seal.sealTag }),
};
