import { useId } from 'react';
import type { TReportCell, TReportColumn } from '../../../core/estate-administrator-reports.schemas.ts';
import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { isEstateStatus, type EstateStatus } from '../../../core/lifecycle.ts';
import { formatDateTime } from '../../lib/dates.ts';

const STATUS_TONE: Record<EstateStatus, string> = {
  planning: 'bg-stone-100 text-stone-700 ring-stone-300',
  verification_pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  activation_pending: 'bg-sky-50 text-sky-900 ring-sky-200',
  active: 'bg-green-50 text-green-800 ring-green-200',
  incapacity: 'bg-violet-50 text-violet-900 ring-violet-200',
};

function StatusChip({ status }: { status: EstateStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_TONE[status]}`}>
      {ESTATE_STATUS_LABELS[status]}
    </span>
  );
}

function Cell({ column, value }: { column: TReportColumn; value: TReportCell }) {
  if (value === null || value === '') {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </>
    );
  }
  if (column.kind === 'status' && typeof value === 'string' && isEstateStatus(value)) return <StatusChip status={value} />;
  if (column.kind === 'datetime' && typeof value === 'string') return <time dateTime={value}>{formatDateTime(value)}</time>;
  if (typeof value === 'number') return <>{value.toLocaleString('en-GB', { maximumFractionDigits: 1 })}</>;
  return <>{value}</>;
}

/** Long ids read better small and monospaced. */
const isId = (column: TReportColumn) => /Id$/.test(column.key);

/**
 * The report's rows as a table. On a narrow screen it scrolls sideways inside its own region,
 * which takes keyboard focus so it can be scrolled without a mouse. The first column heads each row.
 */
export function ReportTable({ caption, columns, rows }: { caption: string; columns: TReportColumn[]; rows: TReportCell[][] }) {
  const id = useId();
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="relative -mx-5 overflow-x-auto px-5 focus-visible:outline-2 focus-visible:outline-accent-solid sm:-mx-6 sm:px-6">
      <table className="min-w-full text-left text-sm">
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`px-2 py-2 font-medium whitespace-nowrap first:pl-0 last:pr-0 ${c.kind === 'number' ? 'text-right' : ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row, r) => (
            <tr key={r} className="align-top">
              {columns.map((c, i) => {
                const cls = `px-2 py-3 first:pl-0 last:pr-0 ${c.kind === 'number' ? 'text-right tabular-nums' : ''} whitespace-nowrap ${isId(c) ? 'font-mono text-xs' : ''} ${i === 0 ? 'font-semibold text-stone-900' : 'text-stone-700'}`;
                return i === 0 ? (
                  <th key={c.key} scope="row" className={cls}>
                    <Cell column={c} value={row[i] ?? null} />
                  </th>
                ) : (
                  <td key={c.key} className={cls}>
                    <Cell column={c} value={row[i] ?? null} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
