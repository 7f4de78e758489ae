import { DocumentCheckIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import type { TVerificationItem } from '../../../core/lifecycle.schemas.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { timeAgo } from '../../lib/dates.ts';
import { VerificationPriorityBadge } from './badges.tsx';
import { verificationsFor } from './estate-list.tsx';

export const VERIFICATIONS_PATH = '/estate-administrator/verifications';

/** The dashboard's Pending Verifications: the oldest documents waiting, each with a Review link. */
export function PendingVerificationsCard({ items }: { items: TVerificationItem[] }) {
  return (
    <Card
      title="Pending Verifications"
      actions={
        <Link to={`${VERIFICATIONS_PATH}?status=pending`} className="text-sm font-semibold text-accent-text hover:underline">
          View all<span className="sr-only"> pending verifications</span>
        </Link>
      }
    >
      {items.length === 0 ? (
        <EmptyState icon={DocumentCheckIcon} title="Nothing waiting for review" description="Documents reported for the estates in your care appear here." />
      ) : (
        <ul className="divide-y divide-stone-100">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium text-stone-900">
                  {item.documentLabel} <span className="font-normal text-stone-600">· {item.estateName}</span>
                </p>
                <p className="text-sm text-stone-600">
                  From {item.submittedBy} ({item.relationship}) · <time dateTime={item.submittedDate}>{timeAgo(item.submittedDate)}</time>
                </p>
              </div>
              <VerificationPriorityBadge priority={item.priority} />
              <Link to={verificationsFor(item.estateId)} className={buttonClasses('secondary', 'sm')}>
                Review<span className="sr-only"> {`${item.documentLabel}, ${item.estateName}`}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
