import { formatDate } from '../../lib/dates.ts';

/** "12 May 2026" in a table cell (the month shortened), else as formatDate. */
function shortDate(value: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A date people read ("12 May 2026"; `short`: "12 Nov 2026"), or a dash that screen readers hear as `none`. */
export function DateOrDash({ value, none = 'None', short = false }: { value: string | null; none?: string; short?: boolean }) {
  if (!value) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{none}</span>
      </>
    );
  }
  return <time dateTime={value}>{short ? shortDate(value) : formatDate(value)}</time>;
}
