import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import type { EstateStatus } from '../../../core/lifecycle.ts';

/** A small rounded status label; add its colours. */
export const chipClasses = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

const ESTATE_TONE: Record<EstateStatus, string> = {
  planning: 'bg-stone-100 text-stone-700 ring-stone-300',
  verification_pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  activation_pending: 'bg-sky-50 text-sky-900 ring-sky-200',
  active: 'bg-green-50 text-green-800 ring-green-200',
  incapacity: 'bg-violet-50 text-violet-900 ring-violet-200',
};

/**
 * An estate's lifecycle state with the wireframe's labels (and Planning, the owner's living state),
 * in the same colours on every screen. A beneficiary's screens leave Planning out: nothing to tell.
 */
export function EstateStatusBadge({ status }: { status: EstateStatus }) {
  return <span className={`${chipClasses} ${ESTATE_TONE[status]}`}>{ESTATE_STATUS_LABELS[status]}</span>;
}

