import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useSubmit } from 'react-router';
import { FilterPopover } from './filter-popover.tsx';
import { SearchInput } from './search-input.tsx';

/**
 * A list's search box and Filter button, kept in the address (?q=…&type=…) so a result can be
 * linked to and survives a reload. Typing searches after a short pause; filters apply at once.
 * Put the filter controls (selects named like their query parameter) in `children`.
 */
export function SearchFilterBar({
  searchLabel,
  q,
  activeFilters = 0,
  keepParams,
  children,
}: {
  searchLabel: string;
  q: string;
  /** How many filters are in use (shown on the Filter button). */
  activeFilters?: number;
  /** The filter controls; without them there is no Filter button (a search box alone). */
  children?: ReactNode;
  /** Query parameters the search keeps (e.g. the tab the list is on). */
  keepParams?: Record<string, string>;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      className="flex flex-col gap-3 sm:flex-row sm:items-center"
      onChange={(e) => {
        window.clearTimeout(timer.current);
        if ((e.target as HTMLElement).tagName !== 'INPUT') return void submit(e.currentTarget, { replace: true });
        timer.current = window.setTimeout(() => formRef.current && void submit(formRef.current, { replace: true }), 300);
      }}
    >
      {Object.entries(keepParams ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SearchInput label={searchLabel} name="q" defaultValue={q} maxLength={200} autoComplete="off" />
      {children && <FilterPopover active={activeFilters}>{children}</FilterPopover>}
    </Form>
  );
}
