import { PLANNER_INVITATION_STATUS_LABELS, type PlannerInvitationStatus } from '../../../core/planner-invitations.schemas.ts';

const TONES: Record<PlannerInvitationStatus, string> = {
  sent: 'bg-sky-50 text-sky-800 ring-sky-200',
  reminded: 'bg-amber-50 text-amber-900 ring-amber-200',
  accepted: 'bg-green-50 text-green-800 ring-green-200',
  expired: 'bg-stone-100 text-stone-700 ring-stone-300',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

/** Sent, Reminded, Accepted, Expired or Cancelled. */
export function InvitationStatusBadge({ status }: { status: PlannerInvitationStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}>
      {PLANNER_INVITATION_STATUS_LABELS[status]}
    </span>
  );
}
