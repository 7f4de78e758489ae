import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';

const TONE: Record<keyof typeof ESTATE_STATUS_LABELS, string> = {
  planning: 'bg-stone-100 text-stone-700 ring-stone-200',
  verification_pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  activation_pending: 'bg-sky-50 text-sky-800 ring-sky-200',
  active: 'bg-green-50 text-green-800 ring-green-200',
  incapacity: 'bg-violet-50 text-violet-900 ring-violet-200',
};

/** The estate's lifecycle state; "Planning" (the owner's living state) is not shown. */
export function EstateStatusBadge({ status }: { status: keyof typeof ESTATE_STATUS_LABELS }) {
  if (status === 'planning') return null;
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[status]}`}>
      {ESTATE_STATUS_LABELS[status]}
    </span>
  );
}
