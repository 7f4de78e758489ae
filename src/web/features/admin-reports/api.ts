import type { AdminReportCsvKind, TAdminReport, TAdminReportQuery } from '../../../core/admin-reports.schemas.ts';
import type { TFeedbackPage } from '../../../core/feedback.schemas.ts';
import { api } from '../../lib/api.ts';

/** The query string of a range (from/to only for a custom range). */
export function rangeSearch(q: Pick<TAdminReportQuery, 'range' | 'from' | 'to'>): string {
  const search = new URLSearchParams({ range: q.range });
  if (q.range === 'custom') {
    if (q.from) search.set('from', q.from);
    if (q.to) search.set('to', q.to);
  }
  return search.toString();
}

/** The admin's Reports (core/admin-reports.schemas.ts) and the feedback list (core/feedback.schemas.ts). */
export const adminReportsApi = {
  get: (q: TAdminReportQuery, signal?: AbortSignal) => api.get<TAdminReport>(`/api/v1/admin/reports?${rangeSearch(q)}`, signal ? { signal } : {}),
  /** A CSV's address: a plain link downloads it (the server sends it as an attachment). */
  csvUrl: (q: TAdminReportQuery, report: AdminReportCsvKind) => `/api/v1/admin/reports.csv?report=${report}&${rangeSearch(q)}`,
  feedback: (cursor?: string, signal?: AbortSignal) =>
    api.get<TFeedbackPage>(`/api/v1/admin/feedback${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, signal ? { signal } : {}),
};
