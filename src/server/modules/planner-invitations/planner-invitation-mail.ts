import { invitationLink } from '../../invitations/create-invitation.ts';
import { invitationMail } from '../../mail/templates/invitation.ts';
import type { Mail } from '../../mail/templates/frame.ts';
import { CLIENT_WHAT } from './create-planner-invitation.ts';
import { invitationData, type InvitationRow } from '../../invitations/planner-invitation-view.ts';

/** A stored client invitation's mail, resent or as its one reminder: the same words as the first send, from the row. */
export function plannerInvitationMail(
  row: InvitationRow,
  token: string,
  sender: { systemName: string; publicUrl: string; inviterName: string; reminder?: boolean },
): Mail {
  const data = invitationData(row);
  return invitationMail({
    systemName: sender.systemName,
    link: invitationLink(sender.publicUrl, token),
    expiresAt: row.expiresAt,
    inviterName: sender.inviterName,
    inviteeName: data.inviteeName,
    what: CLIENT_WHAT,
    personalMessage: data.message,
    offerBooking: data.includeCalendarLink,
    reminder: sender.reminder,
  });
}
