import { UsersIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import type { TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

/** The first few beneficiaries in name order; `total` is the server's count of all of them. */
export function BeneficiariesCard({
  beneficiaries,
  total,
  onMessage,
  onViewAccess,
}: {
  beneficiaries: TBeneficiary[];
  total: number;
  onMessage: (b: TBeneficiary) => void;
  onViewAccess: (b: TBeneficiary) => void;
}) {
  return (
    <Card
      title="Beneficiaries"
      actions={
        <Link to="/estate-owner/beneficiaries" className="text-sm font-semibold text-accent-text hover:underline">
          Manage
        </Link>
      }
    >
      {beneficiaries.length === 0 ? (
        <EmptyState
          icon={UsersIcon}
          title="No beneficiaries yet"
          description="Name the people who receive your legacy."
          action={
            <WhileEditable>
              <Link to="/estate-owner/beneficiaries/add" className={buttonClasses()}>
                Add Beneficiary
              </Link>
            </WhileEditable>
          }
        />
      ) : (
        <ul className="divide-y divide-stone-100">
          {beneficiaries.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar initials={b.initials} />
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-medium text-stone-900">{b.name}</p>
                <p className="text-sm text-stone-600">
                  {b.relationship}
                  {b.status === 'invited' && ' · invitation pending'}
                </p>
              </div>
              <div className="flex gap-2 max-sm:w-full max-sm:pl-13">
                <WhileEditable>
                  <Button size="sm" variant="secondary" onClick={() => onMessage(b)} aria-label={`Message ${b.name}`}>
                    Message
                  </Button>
                </WhileEditable>
                <Button size="sm" variant="secondary" onClick={() => onViewAccess(b)} aria-label={`View Access for ${b.name}`}>
                  View Access
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > beneficiaries.length && (
        <p className="mt-4 border-t border-stone-100 pt-3 text-sm text-stone-600">
          Showing {beneficiaries.length} of {total}.{' '}
          <Link to="/estate-owner/beneficiaries" className="font-medium text-accent-text underline">
            View all {total} beneficiaries
          </Link>
        </p>
      )}
    </Card>
  );
}
