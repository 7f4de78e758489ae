import { useState, type FormEvent } from 'react';
import { ADMIN_REPORT_RANGE_KEYS, ADMIN_REPORT_RANGE_LABELS, ZAdminReportQuery, type TAdminReportQuery } from '../../../core/admin-reports.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';

/** What the form holds: the query as typed (dates may be empty). */
export interface RangeForm {
  range: string;
  from: string;
  to: string;
}
export type RangeErrors = Partial<Record<keyof RangeForm, string>>;

/** Checks a form (or the address's parameters) with the API's own rules, naming the field at fault. */
export function checkRange(form: RangeForm): { ok: true; query: TAdminReportQuery } | { ok: false; errors: RangeErrors } {
  const custom = form.range === 'custom';
  const parsed = ZAdminReportQuery.safeParse({ range: form.range, ...(custom && form.from ? { from: form.from } : {}), ...(custom && form.to ? { to: form.to } : {}) });
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: RangeErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === 'range' || key === 'from' || key === 'to') errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export const rangeFormFrom = (params: URLSearchParams): RangeForm => ({ range: params.get('range') ?? '30d', from: params.get('from') ?? '', to: params.get('to') ?? '' });

/** The range of every report on the screen: the last 30 or 90 days, 12 months, or a custom from–to (up to two years). */
export function RangeFormView({ initial, initialErrors, busy, onApply }: { initial: RangeForm; initialErrors: RangeErrors; busy: boolean; onApply: (q: TAdminReportQuery) => void }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState(initialErrors);
  const set = (key: keyof RangeForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };
  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkRange(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['range', 'from', 'to'] as const).find((k) => checked.errors[k]);
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onApply(checked.query);
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Report range" className="grid gap-4 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-start lg:[&>div]:w-56">
      <SelectField label="Date range" name="range" value={form.range} onChange={set('range')} error={errors.range}>
        {ADMIN_REPORT_RANGE_KEYS.map((key) => (
          <option key={key} value={key}>
            {ADMIN_REPORT_RANGE_LABELS[key]}
          </option>
        ))}
      </SelectField>
      {form.range === 'custom' && (
        <>
          <TextField label="From" name="from" type="date" value={form.from} onChange={set('from')} error={errors.from} />
          <TextField label="To" name="to" type="date" value={form.to} onChange={set('to')} error={errors.to} hint="Up to two years" />
        </>
      )}
      <div className="sm:col-span-2 lg:w-auto! lg:pt-7">
        <Button type="submit" loading={busy} className="w-full px-6 lg:w-auto">
          Apply
        </Button>
      </div>
    </form>
  );
}
