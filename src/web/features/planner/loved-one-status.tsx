import { Link } from 'react-router';
import { LOVED_ONE_STATUS_LABELS, type LovedOneStatus } from '../../../core/loved-one-status.ts';
import type { TLovedOne } from '../../../core/planner.schemas.ts';
import { buttonClasses, type ButtonSize } from '../../components/ui/button.tsx';
import { timeAgo } from '../../lib/dates.ts';
import { lovedOnePath } from './api.ts';

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';
const TONE: Record<LovedOneStatus, string> = {
  active: 'bg-green-50 text-green-800 ring-green-200',
  needs_attention: 'bg-amber-50 text-amber-900 ring-amber-200',
};

export function LovedOneStatusBadge({ status }: { status: LovedOneStatus }) {
  return <span className={`${chip} ${TONE[status]}`}>{LOVED_ONE_STATUS_LABELS[status]}</span>;
}

/** 'View Details' for an Active loved one, 'Assist Now' for one who Needs Attention: both open their page. */
export function LovedOneAction({ lovedOne, size = 'sm' }: { lovedOne: Pick<TLovedOne, 'estateId' | 'name' | 'status'>; size?: ButtonSize }) {
  const assist = lovedOne.status === 'needs_attention';
  return (
    <Link to={lovedOnePath(lovedOne.estateId)} className={buttonClasses(assist ? 'primary' : 'secondary', size, 'whitespace-nowrap')}>
      {assist ? 'Assist Now' : 'View Details'}
      <span className="sr-only"> for {lovedOne.name}</span>
    </Link>
  );
}

export const lastActiveInWords = (lastActive: string | null) => (lastActive ? `Last active ${timeAgo(lastActive)}` : 'Never signed in');
