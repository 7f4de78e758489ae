import type { TDeadline, TDeadlines, TOwnDeadlineInput, TSettlementInput } from '../../../core/deadlines.schemas.ts';
import { api } from '../../lib/api.ts';

const estate = (estateId: string) => `/api/v1/estates/${encodeURIComponent(estateId)}`;
const one = (estateId: string, deadlineId: string) => `${estate(estateId)}/deadlines/${encodeURIComponent(deadlineId)}`;

export const deadlinesApi = {
  get: (estateId: string) => api.get<TDeadlines>(`${estate(estateId)}/deadlines`),
  setSettlement: (estateId: string, input: TSettlementInput) => api.put<TDeadlines>(`${estate(estateId)}/settlement`, input),
  add: (estateId: string, input: TOwnDeadlineInput) => api.post<TDeadline>(`${estate(estateId)}/deadlines`, input),
  markDone: (estateId: string, deadlineId: string) => api.put<TDeadline>(`${one(estateId, deadlineId)}/done`),
  markNotDone: (estateId: string, deadlineId: string) => api.delete<TDeadline>(`${one(estateId, deadlineId)}/done`),
  remove: (estateId: string, deadlineId: string) => api.delete<{ ok: true }>(one(estateId, deadlineId)),
};
