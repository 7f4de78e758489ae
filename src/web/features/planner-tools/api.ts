import type { TResource, TResourceList, TToolClients } from '../../../core/planner-tools.schemas.ts';
import { api } from '../../lib/api.ts';

const TOOLS = '/api/v1/planner/tools';
const RESOURCES = '/api/v1/planner/resources';

export const plannerToolsApi = {
  clients: (cursor?: string) => api.get<TToolClients>(`${TOOLS}/clients${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
  checklistHref: (estateId: string) => `${TOOLS}/legacy-checklist/${estateId}`,
  worksheetHref: (estateId: string) => `${TOOLS}/document-worksheet/${estateId}`,
  progressCsvHref: () => `${TOOLS}/client-progress.csv`,
  resources: (q?: string) => api.get<TResourceList>(q ? `${RESOURCES}?q=${encodeURIComponent(q)}` : RESOURCES),
  resource: (slug: string) => api.get<TResource>(`${RESOURCES}/${encodeURIComponent(slug)}`),
};
