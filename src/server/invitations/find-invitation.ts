import { eq } from 'drizzle-orm';
import { INVITATION_ERROR_CODES } from '../../core/invitations.schemas.ts';
import type { BaseCtx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { beneficiaries, estates, invitations, supportTeamMembers } from '../db/schema/estates.ts';
import { users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';
import { findLink, linkNotValid } from '../links/emailed-links.ts';

/** Invitations an admin sends (Add User, Add Estate): accepting one activates the invited account. */
export const STAFF_KIND = 'staff';

/** A legacy planner invited someone to become their client (planner-invitations module). */
export const PLANNER_CLIENT_KIND = 'planner-client';

export type InvitationRow = typeof invitations.$inferSelect;

export interface OpenInvitation {
  invitation: InvitationRow;
  ownerName: string;
  inviterName: string;
  beneficiary: typeof beneficiaries.$inferSelect | null;
  member: typeof supportTeamMembers.$inferSelect | null;
}

/**
 * The invitation behind a token, if it can still be accepted; otherwise a clear 404 (no such link)
 * or a 410 that says why (accepted, cancelled, expired or replaced by a newer link).
 */
export async function findOpenInvitation(ctx: Pick<BaseCtx, 'db' | 'clock'>, token: string, db: Db = ctx.db): Promise<OpenInvitation> {
  const link = await findLink({ db, clock: ctx.clock }, token, 'invitation');
  const [invitation] = link ? await db.select().from(invitations).where(eq(invitations.id, link.targetId)) : [];
  if (!link || !invitation) throw linkNotValid('invitation');
  if (invitation.acceptedAt) {
    throw new AppError(INVITATION_ERROR_CODES.used, 410, 'This invitation has already been accepted. Sign in to continue.');
  }
  if (invitation.cancelledAt) {
    throw new AppError(INVITATION_ERROR_CODES.expired, 410, 'This invitation was cancelled by the person who sent it. Ask them to send a new one.');
  }
  if (Math.min(invitation.expiresAt.getTime(), link.expiresAt.getTime()) <= ctx.clock.now().getTime()) {
    throw new AppError(
      INVITATION_ERROR_CODES.expired,
      410,
      'This invitation has expired or was replaced by a newer one. Ask the person who invited you to send a new one.',
    );
  }

  let beneficiary: OpenInvitation['beneficiary'] = null;
  let member: OpenInvitation['member'] = null;
  if (invitation.kind === 'beneficiary' && invitation.targetId) {
    [beneficiary = null] = await db.select().from(beneficiaries).where(eq(beneficiaries.id, invitation.targetId));
    if (!beneficiary) throw withdrawn();
  } else if (invitation.kind === 'support-team' && invitation.targetId) {
    [member = null] = await db.select().from(supportTeamMembers).where(eq(supportTeamMembers.id, invitation.targetId));
    if (!member) throw withdrawn();
  } else if (invitation.kind === STAFF_KIND) {
    // An admin's invitation activates the invited account it was sent for, while it is still one.
    const [invited] = invitation.targetId ? await db.select({ status: users.status }).from(users).where(eq(users.id, invitation.targetId)) : [];
    if (invited?.status !== 'invited') throw withdrawn();
  } else if (invitation.kind !== PLANNER_CLIENT_KIND) {
    // A planner's client has nothing to link yet: the estate is created when they accept.
    throw linkNotValid('invitation');
  }

  const [owner] = invitation.estateId
    ? await db
        .select({ name: users.name })
        .from(estates)
        .innerJoin(users, eq(users.id, estates.ownerId))
        .where(eq(estates.id, invitation.estateId))
    : [];
  const [inviter] = invitation.invitedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, invitation.invitedBy))
    : [];
  return {
    invitation,
    ownerName: owner?.name ?? 'An estate owner',
    inviterName: inviter?.name ?? owner?.name ?? 'Someone',
    beneficiary,
    member,
  };
}

const withdrawn = () =>
  new AppError(INVITATION_ERROR_CODES.expired, 410, 'This invitation was withdrawn by the person who sent it.');
