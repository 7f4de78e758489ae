import { Link } from 'react-router';
import { MEMORY_TYPES, MEMORY_TYPE_LABELS } from '../../../core/constants.ts';
import { SHARED_WITH_NOBODY, type TMemoryFilters } from '../../../core/memories.schemas.ts';
import type { TShareAudienceMember } from '../../../core/sharing.schemas.ts';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';

const FILTER_KEYS = ['type', 'from', 'to', 'sharedWith'] as const;

/** The search box (full text over title, description and stories) and Filter (type, dates, shared with), kept in the address. */
export function MemoryToolbar({ query, beneficiaries }: { query: TMemoryFilters; beneficiaries: TShareAudienceMember[] }) {
  const active = FILTER_KEYS.filter((k) => query[k]).length;
  return (
    <SearchFilterBar searchLabel="Search memories" q={query.q ?? ''} activeFilters={active}>
      <SelectField label="Type" name="type" defaultValue={query.type ?? ''}>
        <option value="">All types</option>
        {MEMORY_TYPES.map((t) => (
          <option key={t} value={t}>
            {MEMORY_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <TextField label="From" name="from" type="date" defaultValue={query.from ?? ''} />
      <TextField label="To" name="to" type="date" defaultValue={query.to ?? ''} />
      <SelectField label="Shared with" name="sharedWith" defaultValue={query.sharedWith ?? ''}>
        <option value="">Anyone or no one</option>
        <option value={SHARED_WITH_NOBODY}>Not shared yet</option>
        {beneficiaries.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </SelectField>
      {active > 0 && (
        <Link to={query.q ? `?q=${encodeURIComponent(query.q)}` : '.'} replace className="block text-sm font-semibold text-accent-text hover:underline">
          Clear filters
        </Link>
      )}
    </SearchFilterBar>
  );
}
