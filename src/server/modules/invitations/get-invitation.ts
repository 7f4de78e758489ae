import { eq } from 'drizzle-orm';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../../core/constants.ts';
import type { TInvitationInfo } from '../../../core/invitations.schemas.ts';
import { personaFor } from '../../../core/personas.ts';
import { isRole, type Role } from '../../../core/roles.ts';
import { withArticle } from '../../invitations/invite-user.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/app-error.ts';
import { invitationData } from '../../invitations/planner-invitation-view.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { findOpenInvitation, PLANNER_CLIENT_KIND, STAFF_KIND, type OpenInvitation } from '../../invitations/find-invitation.ts';

export function describeInvitation(open: OpenInvitation, systemName: string): { summary: string; roleLabel: string; suggestedName: string } {
  const { invitation, ownerName, inviterName, beneficiary, member } = open;
  if (invitation.kind === PLANNER_CLIENT_KIND) {
    return {
      roleLabel: 'Estate Owner',
      summary: `${inviterName}, a legacy planner, has invited you to plan your legacy with ${systemName}. Accepting creates your own private estate, with ${inviterName} on your support team.`,
      suggestedName: invitationData(invitation).inviteeName,
    };
  }
  if (invitation.kind === STAFF_KIND) {
    const label = personaFor(invitation.role as Role).name;
    return {
      roleLabel: label,
      summary:
        invitation.role === 'estate-owner'
          ? `${inviterName} has invited you to plan your legacy with ${systemName}. Accepting opens your own private estate, ready to set up.`
          : `${inviterName} has invited you to join ${systemName} as ${withArticle(label)}.`,
      suggestedName: typeof invitation.data.inviteeName === 'string' ? invitation.data.inviteeName : '',
    };
  }
  if (beneficiary) {
    return {
      roleLabel: 'Beneficiary',
      summary: `${ownerName} has added you as a beneficiary (${beneficiary.relationship}). Accept to see what they share with you.`,
      suggestedName: `${beneficiary.firstName} ${beneficiary.lastName}`.trim(),
    };
  }
  const label = SUPPORT_TEAM_ROLE_LABELS[(member?.role ?? invitation.role) as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? 'Support team member';
  return {
    roleLabel: label,
    summary: `${ownerName} has asked you to join their support team as ${label === 'Estate Administrator' ? 'an' : 'a'} ${label}.`,
    suggestedName: member?.name ?? '',
  };
}

/** Public: who invited you to what, so the acceptance page can say so. */
export async function getInvitation(ctx: BaseCtx, token: string): Promise<TInvitationInfo> {
  const open = await findOpenInvitation(ctx, token);
  const { invitation, inviterName } = open;
  if (!isRole(invitation.role)) throw badRequest('This invitation is not valid.');
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  const described = describeInvitation(open, (await getSystemSettings(ctx.db)).systemName);
  return {
    kind: invitation.kind as TInvitationInfo['kind'],
    email: invitation.email,
    role: invitation.role,
    roleLabel: described.roleLabel || personaFor(invitation.role).name,
    inviterName,
    summary: described.summary,
    suggestedName: described.suggestedName,
    expiresAt: invitation.expiresAt.toISOString(),
    // An admin's invitation was sent for the invited account itself: it is not an account to sign in to.
    accountExists: Boolean(existing) && invitation.kind !== STAFF_KIND,
  };
}
