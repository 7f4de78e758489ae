import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TToolClients } from '../../../core/planner-tools.schemas.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { plannerToolsApi } from './api.ts';

/**
 * Pick a loved one, then download a file made for them (the server checks they are your client).
 * The picker holds the first page of clients by name; Load more adds the next to it and focuses it.
 */
export function ClientFileTool({ first, href, downloadLabel }: { first: TToolClients; href: (estateId: string) => string; downloadLabel: string }) {
  const list = useLoadMore(first, '', (cursor) => plannerToolsApi.clients(cursor));
  const clients = list.items;
  const picker = useRef<HTMLDivElement>(null);
  const [estateId, setEstateId] = useState(clients[0]?.estateId ?? '');
  const chosen = clients.find((c) => c.estateId === estateId);
  if (!chosen) {
    return (
      <p className="text-sm text-stone-600">
        No loved ones yet.{' '}
        <Link to="/legacy-planner/loved-ones/invite" className="font-medium text-accent-text underline">
          Invite a loved one
        </Link>{' '}
        to prepare one for them.
      </p>
    );
  }
  return (
    <div ref={picker} className="space-y-3">
      <SelectField label="Loved one" value={estateId} onChange={(e) => setEstateId(e.target.value)}>
        {clients.map((c) => (
          <option key={c.estateId} value={c.estateId}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <LoadMoreFooter list={list} focusNew={() => picker.current?.querySelector('select')?.focus()} />
      <a href={href(chosen.estateId)} download className={buttonClasses('primary', 'md', 'w-full sm:w-auto')} aria-label={`${downloadLabel} for ${chosen.name}`}>
        <ArrowDownTrayIcon aria-hidden="true" className="size-5" />
        {downloadLabel}
      </a>
    </div>
  );
}
