import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TToolClient } from '../../../core/planner-tools.schemas.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/field.tsx';

/** Pick a loved one, then download a file made for them (the server checks they are your client). */
export function ClientFileTool({ clients, href, downloadLabel }: { clients: TToolClient[]; href: (estateId: string) => string; downloadLabel: string }) {
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
    <div className="space-y-3">
      <SelectField label="Loved one" value={estateId} onChange={(e) => setEstateId(e.target.value)}>
        {clients.map((c) => (
          <option key={c.estateId} value={c.estateId}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <a href={href(chosen.estateId)} download className={buttonClasses('primary', 'md', 'w-full sm:w-auto')} aria-label={`${downloadLabel} for ${chosen.name}`}>
        <ArrowDownTrayIcon aria-hidden="true" className="size-5" />
        {downloadLabel}
      </a>
    </div>
  );
}
