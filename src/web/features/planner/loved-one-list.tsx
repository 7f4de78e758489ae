import type { TLovedOne } from '../../../core/planner.schemas.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { initialsOf } from '../../../core/names.ts';
import { lastActiveInWords, LovedOneAction, LovedOneStatusBadge } from './loved-one-status.tsx';

/**
 * Loved ones, one row each: who, their progress (wireframe colours), status and View Details or
 * Assist Now. `compact` (the dashboard's progress list) leaves out their contact details.
 */
export function LovedOneList({ lovedOnes, label, compact = false }: { lovedOnes: TLovedOne[]; label: string; compact?: boolean }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-100">
      {lovedOnes.map((l) => (
        <li key={l.estateId} className="grid gap-3 py-4 first:pt-0 last:pb-0 md:grid-cols-[minmax(0,1fr)_12rem_8.5rem] md:items-center md:gap-6">
          <div className="flex min-w-0 items-start gap-3">
            <Avatar initials={initialsOf(l.name)} />
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-stone-900">{l.name}</h3>
                <LovedOneStatusBadge status={l.status} />
              </div>
              <p className="text-sm text-stone-600">
                {compact ? lastActiveInWords(l.lastActive) : `${l.relationship} · ${lastActiveInWords(l.lastActive)}`}
              </p>
              {!compact && (
                <p className="text-sm text-stone-600">
                  <a className="[overflow-wrap:anywhere] hover:underline" href={`mailto:${l.email}`}>
                    {l.email}
                  </a>
                  {l.phone && (
                    <span className="block whitespace-nowrap sm:inline">
                      <span className="hidden sm:inline"> · </span>
                      {l.phone}
                    </span>
                  )}
                </p>
              )}
            </div>
          </div>
          <ProgressBar value={l.progress} label={`Progress of ${l.name}`} hideLabel />
          <div className="flex md:justify-end">
            <LovedOneAction lovedOne={l} />
          </div>
        </li>
      ))}
    </ul>
  );
}
