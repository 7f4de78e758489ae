import { EnvelopeIcon, PhoneIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router';
import type { TSupportMember } from '../../../core/support-team.schemas.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Card } from '../../components/ui/card.tsx';

/** The support team with contact details. */
export function SupportTeamCard({ members }: { members: TSupportMember[] }) {
  return (
    <Card
      title="Your Support Team"
      actions={
        <Link to="/estate-owner/beneficiaries" className="text-sm font-semibold text-accent-text hover:underline">
          Manage
        </Link>
      }
    >
      {members.length === 0 ? (
        <p className="text-sm text-stone-600">
          No one yet. Add a legacy planner or estate administrator from{' '}
          <Link to="/estate-owner/beneficiaries" className="font-medium text-accent-text underline">
            Beneficiaries
          </Link>
          .
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {members.map((m) => (
            <li key={m.id} className="flex items-start gap-3">
              <Avatar initials={m.initials} />
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-stone-900">{m.name}</p>
                <p className="text-stone-600">
                  {m.roleLabel}
                  {m.status === 'invited' && ' · invitation pending'}
                </p>
                <p className="mt-1 flex items-center gap-1.5">
                  <EnvelopeIcon aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
                  <a href={`mailto:${m.email}`} className="truncate text-stone-700 hover:text-accent-text hover:underline">
                    {m.email}
                  </a>
                </p>
                {m.phone && (
                  <p className="mt-0.5 flex items-center gap-1.5">
                    <PhoneIcon aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
                    <a href={`tel:${m.phone.replace(/[^+\d]/g, '')}`} className="text-stone-700 hover:text-accent-text hover:underline">
                      {m.phone}
                    </a>
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
