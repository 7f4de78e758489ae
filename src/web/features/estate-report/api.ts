import type { ProofDocumentType, TEstateReport, TOwnerLifecycle, TReportableEstates, TReportRequest } from '../../../core/lifecycle.schemas.ts';
import { api, upload } from '../../lib/api.ts';

/** The proof files chosen in the report form, one (or none) per proof type. */
export type ProofFiles = Partial<Record<ProofDocumentType, File>>;

/**
 * The report's multipart form: the `data` part (JSON ZReportRequest) first, so the server judges
 * it before streaming any file, then one part per proof file, named by its type.
 */
export function reportForm(data: TReportRequest, files: ProofFiles): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const [type, file] of Object.entries(files)) if (file) form.append(type, file, file.name);
  return form;
}

export const estateReportApi = {
  /** Whether the caller may report about this estate (as a beneficiary or on its support team): a list of it alone, or empty. */
  reportable: (estateId: string) => api.get<TReportableEstates>(`/api/v1/reportable-estates?estateId=${encodeURIComponent(estateId)}`),
  /** 201 the report; 400 with fields; 404 not linked; 409 a report is already open. Progress 0…1. */
  report: (estateId: string, data: TReportRequest, files: ProofFiles, onProgress: (fraction: number) => void) =>
    upload<TEstateReport>(`/api/v1/estates/${estateId}/reports`, reportForm(data, files), onProgress),
  /** The owner's view: the estate's status and the open report they can cancel. */
  lifecycle: () => api.get<TOwnerLifecycle>('/api/v1/estate/lifecycle'),
  withdraw: (reportId: string) => api.post<TOwnerLifecycle>(`/api/v1/estate/reports/${reportId}/withdraw`),
};
