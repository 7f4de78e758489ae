import type { TInventory, TInventoryEntry, TInventoryEntryInput, TInventoryEntryPatchInput, TLetterAnswer, TLetterSent } from '../../../core/inventory.schemas.ts';
import { api } from '../../lib/api.ts';

const base = (estateId: string) => `/api/v1/estates/${encodeURIComponent(estateId)}/inventory`;
const entry = (estateId: string, entryId: string) => `${base(estateId)}/${encodeURIComponent(entryId)}`;

export const inventoryApi = {
  get: (estateId: string, cursor?: string) => api.get<TInventory>(cursor ? `${base(estateId)}?cursor=${encodeURIComponent(cursor)}` : base(estateId)),
  add: (estateId: string, body: TInventoryEntryInput) => api.post<TInventoryEntry>(base(estateId), body),
  update: (estateId: string, entryId: string, body: TInventoryEntryPatchInput) => api.patch<TInventoryEntry>(entry(estateId, entryId), body),
  remove: (estateId: string, entryId: string) => api.delete<null>(entry(estateId, entryId)),
  sent: (estateId: string, entryId: string, body: TLetterSent) => api.post<TInventoryEntry>(`${entry(estateId, entryId)}/letter/sent`, body),
  answer: (estateId: string, entryId: string, body: TLetterAnswer) => api.post<TInventoryEntry>(`${entry(estateId, entryId)}/letter/answer`, body),
};

/** Addresses the browser downloads from (plain links: the session cookie goes with them). */
export const inventoryFiles = {
  csv: (estateId: string) => `${base(estateId)}.csv`,
  pdf: (estateId: string) => `${base(estateId)}.pdf`,
  letterPdf: (estateId: string, entryId: string) => `${entry(estateId, entryId)}/letter.pdf`,
  letterZip: (estateId: string, entryId: string) => `${entry(estateId, entryId)}/letter.zip`,
};
