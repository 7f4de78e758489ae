import type { TEstateAdministratorReport, TParsedReportQuery } from '../../../core/estate-administrator-reports.schemas.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/estate-admin/reports';

/** The query string of a report (from/to only for a custom range). */
export function reportSearch(q: Pick<TParsedReportQuery, 'type' | 'range' | 'from' | 'to'>): string {
  const search = new URLSearchParams({ type: q.type, range: q.range });
  if (q.range === 'custom') {
    if (q.from) search.set('from', q.from);
    if (q.to) search.set('to', q.to);
  }
  return search.toString();
}

/** The estate administrator's reports (src/core/estate-admin-reports.schemas.ts). */
export const reportsApi = {
  get: (q: TParsedReportQuery, signal?: AbortSignal) => api.get<TEstateAdministratorReport>(`${BASE}?${reportSearch(q)}`, signal ? { signal } : {}),
  /** The CSV's address: a plain link downloads it (the server sends it as an attachment). */
  csvUrl: (q: TParsedReportQuery) => `${BASE}.csv?${reportSearch(q)}`,
};
