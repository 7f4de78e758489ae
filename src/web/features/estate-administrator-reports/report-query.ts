import { DEFAULT_DATE_RANGE, REPORT_TYPE_SLUGS, ZReportQuery, type TParsedReportQuery } from '../../../core/estate-administrator-reports.schemas.ts';

/** What the form holds: the query as typed (dates may be empty). */
export interface ReportForm {
  type: string;
  range: string;
  from: string;
  to: string;
}

export type ReportCheck = { ok: true; query: TParsedReportQuery } | { ok: false; errors: Partial<Record<keyof ReportForm, string>> };

/** Checks a form (or the address's parameters) with the API's own rules, naming the field at fault. */
export function checkReportForm(form: ReportForm): ReportCheck {
  const parsed = ZReportQuery.safeParse({
    type: form.type,
    range: form.range,
    ...(form.range === 'custom' && form.from ? { from: form.from } : {}),
    ...(form.range === 'custom' && form.to ? { to: form.to } : {}),
  });
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: Partial<Record<keyof ReportForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === 'type' || key === 'range' || key === 'from' || key === 'to') errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The form as the address has it; a report type and range by default. */
export function formFromParams(params: URLSearchParams): ReportForm {
  return {
    type: params.get('type') ?? REPORT_TYPE_SLUGS[0],
    range: params.get('range') ?? DEFAULT_DATE_RANGE,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}
