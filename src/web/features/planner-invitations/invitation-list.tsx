import type { TPlannerInvitation } from '../../../core/planner-invitations.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { InvitationStatusBadge } from './status-badge.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export interface InvitationListProps {
  invitations: TPlannerInvitation[];
  busyId: string | null;
  onResend: (i: TPlannerInvitation) => void;
  onCancel: (i: TPlannerInvitation) => void;
}

/** The planner's invitations: name, email, sent date, status, and Resend / Cancel while they apply. */
export function InvitationList({ invitations, busyId, onResend, onCancel }: InvitationListProps) {
  return (
    <ul className="divide-y divide-stone-200" aria-label="Invitations">
      {invitations.map((i) => {
        const name = `${i.firstName} ${i.lastName}`.trim() || i.email;
        return (
          <li key={i.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                {name}
                <InvitationStatusBadge status={i.status} />
              </p>
              <p className="truncate text-sm text-stone-600">{i.email}</p>
              <p className="text-sm text-stone-500">
                Sent {day(i.lastSentAt)}
                {i.lastSentAt !== i.createdAt ? ` (first sent ${day(i.createdAt)})` : ''}
                {i.status === 'reminded' && i.followUpSentAt ? ` · reminder sent ${day(i.followUpSentAt)}` : ''}
                {i.status === 'sent' && i.followUpDueAt && !i.followUpSentAt ? ` · reminder due ${day(i.followUpDueAt)}` : ''}
              </p>
            </div>
            {(i.canResend || i.canCancel) && (
              <div className="flex shrink-0 gap-2">
                {i.canResend && (
                  <Button size="sm" variant="secondary" loading={busyId === i.id} onClick={() => onResend(i)} aria-label={`Resend the invitation to ${name}`}>
                    Resend
                  </Button>
                )}
                {i.canCancel && (
                  <Button size="sm" variant="ghost" disabled={busyId === i.id} onClick={() => onCancel(i)} aria-label={`Cancel the invitation to ${name}`}>
                    Cancel
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
