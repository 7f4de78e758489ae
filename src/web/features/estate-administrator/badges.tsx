import { chipClasses as chip } from '../../components/ui/estate-status-badge.tsx';
import type { TEstateAlert, TVerificationItem } from '../../../core/lifecycle.schemas.ts';

export const VERIFICATION_STATUS_LABELS: Record<TVerificationItem['status'], string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
  not_needed: 'Not needed',
};
const VERIFICATION_TONE: Record<TVerificationItem['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  verified: 'bg-green-50 text-green-800 ring-green-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  not_needed: 'bg-stone-100 text-stone-700 ring-stone-300',
};

export function VerificationStatusBadge({ status }: { status: TVerificationItem['status'] }) {
  return <span className={`${chip} ${VERIFICATION_TONE[status]}`}>{VERIFICATION_STATUS_LABELS[status]}</span>;
}

const PRIORITY: Record<TVerificationItem['priority'], { label: string; tone: string }> = {
  high: { label: 'High', tone: 'bg-red-50 text-red-800 ring-red-200' },
  medium: { label: 'Medium', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  completed: { label: 'Completed', tone: 'bg-green-50 text-green-800 ring-green-200' },
};

/** high: past the verification timeout; medium: pending within it; completed: reviewed. */
export function VerificationPriorityBadge({ priority }: { priority: TVerificationItem['priority'] }) {
  const { label, tone } = PRIORITY[priority];
  return <span className={`${chip} ${tone}`}>{label}</span>;
}

const ALERT_PRIORITY: Record<TEstateAlert['priority'], { label: string; tone: string }> = {
  high: { label: 'High priority', tone: 'bg-red-50 text-red-800 ring-red-200' },
  medium: { label: 'Medium priority', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  low: { label: 'Low priority', tone: 'bg-stone-100 text-stone-700 ring-stone-300' },
};

export function AlertPriorityBadge({ priority }: { priority: TEstateAlert['priority'] }) {
  const { label, tone } = ALERT_PRIORITY[priority];
  return <span className={`${chip} ${tone}`}>{label}</span>;
}

export const ALERT_STATUS_LABELS: Record<TEstateAlert['status'], string> = {
  unread: 'Unread',
  in_progress: 'In progress',
  resolved: 'Resolved',
};
const ALERT_STATUS_TONE: Record<TEstateAlert['status'], string> = {
  unread: 'bg-accent-soft text-accent-text ring-accent-ring',
  in_progress: 'bg-sky-50 text-sky-900 ring-sky-200',
  resolved: 'bg-green-50 text-green-800 ring-green-200',
};

export function AlertStatusBadge({ status }: { status: TEstateAlert['status'] }) {
  return <span className={`${chip} ${ALERT_STATUS_TONE[status]}`}>{ALERT_STATUS_LABELS[status]}</span>;
}

export function OverdueBadge() {
  return <span className={`${chip} bg-red-700 text-white ring-red-700`}>Overdue</span>;
}
