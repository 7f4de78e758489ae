import { useState, type FormEvent } from 'react';
import { DATE_RANGE_KEYS, DATE_RANGE_LABELS, REPORT_TYPE_LABELS, REPORT_TYPE_SLUGS, type TParsedReportQuery } from '../../../core/estate-administrator-reports.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { checkReportForm, type ReportForm } from './report-query.ts';

interface ReportBuilderProps {
  initial: ReportForm;
  /** errors of the address's query (a link typed by hand) */
  initialErrors: Partial<Record<keyof ReportForm, string>>;
  busy: boolean;
  onView: (query: TParsedReportQuery) => void;
}

/**
 * The custom report builder: report type, date range (§9 options) and, for a custom range, the
 * first and last day. View checks the range with the API's rules before asking for it.
 */
export function ReportBuilder({ initial, initialErrors, busy, onView }: ReportBuilderProps) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState(initialErrors);
  const set = (key: keyof ReportForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkReportForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['type', 'range', 'from', 'to'] as const).find((k) => checked.errors[k]);
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onView(checked.query);
  }

  const custom = form.range === 'custom';
  return (
    <form noValidate onSubmit={submit} aria-label="Report builder" className="grid gap-4 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-start lg:[&>div]:w-56">
      <SelectField label="Report type" name="type" value={form.type} onChange={set('type')} error={errors.type}>
        {REPORT_TYPE_SLUGS.map((slug) => (
          <option key={slug} value={slug}>
            {REPORT_TYPE_LABELS[slug]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Date range" name="range" value={form.range} onChange={set('range')} error={errors.range}>
        {DATE_RANGE_KEYS.map((key) => (
          <option key={key} value={key}>
            {DATE_RANGE_LABELS[key]}
          </option>
        ))}
      </SelectField>
      {custom && (
        <>
          <TextField label="From" name="from" type="date" value={form.from} onChange={set('from')} error={errors.from} />
          <TextField label="To" name="to" type="date" value={form.to} onChange={set('to')} error={errors.to} hint="Up to one year" />
        </>
      )}
      <div className="sm:col-span-2 lg:w-auto! lg:pt-7">
        <Button type="submit" loading={busy} className="w-full px-6 lg:w-auto">
          View
        </Button>
      </div>
    </form>
  );
}
