import type { TAuditVerification } from '../../../core/audit-integrity.schemas.ts';
import type { TAuditActions, TAuditLogFilters, TAuditLogPage } from '../../../core/admin-logs.schemas.ts';
import type { TGeneralSettings } from '../../../core/system-settings.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/admin/logs';

export function logsQuery(filters: TAuditLogFilters & { cursor?: string | undefined }): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** The Logs screen's API (src/core/admin-logs.schemas.ts lists the routes). */
export const adminLogsApi = {
  page: (filters: TAuditLogFilters, cursor?: string) => api.get<TAuditLogPage>(`${BASE}${logsQuery({ ...filters, cursor })}`),
  actions: () => api.get<TAuditActions>(`${BASE}/actions`),
  /** Which time zone the date filters mean (the system's default). */
  settings: () => api.get<TGeneralSettings>('/api/v1/admin/settings/general'),
  /** The address of the CSV of the same filters (a plain download: the session cookie goes with it). */
  csvHref: (filters: TAuditLogFilters) => `${BASE}.csv${logsQuery(filters)}`,
};

/** "Verify audit record": walks every audit chain on the server (ADR 0045). */
export const verifyAuditRecord = () => api.post<TAuditVerification>(`${BASE}/verify`);
