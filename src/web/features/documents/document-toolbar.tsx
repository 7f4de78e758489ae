import { FunnelIcon, MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useEffect, useId, useRef, useState } from 'react';
import type { TDocumentListQuery } from '../../../core/documents.schemas.ts';
import type { TShareAudienceMember } from '../../../core/sharing.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';

const FILTER_KEYS = ['sharedWith', 'from', 'to'] as const;

/** Search (titles) and Filter (shared with, uploaded between). */
export function DocumentToolbar({ query, beneficiaries, onChange }: { query: TDocumentListQuery; beneficiaries: TShareAudienceMember[]; onChange: (q: TDocumentListQuery) => void }) {
  const [text, setText] = useState(query.q ?? '');
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  const active = FILTER_KEYS.filter((k) => query[k]).length;
  const set = (patch: Partial<TDocumentListQuery>) => onChange({ ...query, ...patch });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search documents
          </label>
          <MagnifyingGlassIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400" />
          <input
            id={`${id}-q`}
            type="search"
            placeholder="Search documents"
            value={text}
            onChange={(e) => {
              const value = e.target.value;
              setText(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => set({ q: value.trim() || undefined }), 250);
            }}
            className="block w-full rounded-lg bg-white py-2 pr-3 pl-10 text-base text-stone-900 shadow-xs ring-1 ring-stone-300 ring-inset placeholder:text-stone-500 focus:outline-2 focus:-outline-offset-2 focus:outline-accent-solid"
          />
        </div>
        <Button variant="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          <FunnelIcon aria-hidden="true" className="size-4 text-stone-500" />
          Filter
          {active > 0 && <span className="rounded-full bg-accent-solid px-2 text-xs text-white">{active}</span>}
        </Button>
      </div>
      <div id={id} hidden={!open} className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-stone-200">
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Shared with" value={query.sharedWith ?? ''} onChange={(e) => set({ sharedWith: e.target.value || undefined })}>
            <option value="">Anyone or no one</option>
            <option value="nobody">Not shared yet</option>
            {beneficiaries.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </SelectField>
          <TextField label="Uploaded from" type="date" value={query.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
          <TextField label="Uploaded to" type="date" value={query.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </div>
        {active > 0 && (
          <div className="mt-4 flex justify-end">
            <Button variant="ghost" size="sm" onClick={() => onChange({ q: query.q, type: query.type, folderId: query.folderId })}>
              Clear filters
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
