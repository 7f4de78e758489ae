import { formatDate } from '../../lib/dates.ts';

/** A date people read ("12 May 2026"), or a dash that screen readers hear as `none`. */
export function DateOrDash({ value, none = 'None' }: { value: string | null; none?: string }) {
  if (!value) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{none}</span>
      </>
    );
  }
  return <time dateTime={value}>{formatDate(value)}</time>;
}
