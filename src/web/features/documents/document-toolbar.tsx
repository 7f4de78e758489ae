import { Link } from 'react-router';
import type { TDocumentFilters } from '../../../core/documents.schemas.ts';
import type { TShareAudienceMember } from '../../../core/sharing.schemas.ts';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';

const FILTER_KEYS = ['sharedWith', 'from', 'to'] as const;

/** Search (titles and the text inside PDF and DOCX files) and Filter (shared with, uploaded between), kept in the address with the category or folder. */
export function DocumentToolbar({ query, beneficiaries }: { query: TDocumentFilters; beneficiaries: TShareAudienceMember[] }) {
  const active = FILTER_KEYS.filter((k) => query[k]).length;
  const keep = new URLSearchParams();
  if (query.q) keep.set('q', query.q);
  if (query.type) keep.set('type', query.type);
  if (query.folderId) keep.set('folderId', query.folderId);
  return (
    <SearchFilterBar searchLabel="Search documents" q={query.q ?? ''} activeFilters={active}>
      {query.type && <input type="hidden" name="type" value={query.type} />}
      {query.folderId && <input type="hidden" name="folderId" value={query.folderId} />}
      <SelectField label="Shared with" name="sharedWith" defaultValue={query.sharedWith ?? ''}>
        <option value="">Anyone or no one</option>
        <option value="nobody">Not shared yet</option>
        {beneficiaries.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Uploaded from" name="from" type="date" defaultValue={query.from ?? ''} />
      <TextField label="Uploaded to" name="to" type="date" defaultValue={query.to ?? ''} />
      {active > 0 && (
        <Link to={keep.size ? `?${keep}` : '.'} replace className="block text-sm font-semibold text-accent-text hover:underline">
          Clear filters
        </Link>
      )}
    </SearchFilterBar>
  );
}
