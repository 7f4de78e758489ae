import { eq } from 'drizzle-orm';
import { BOOK_CONSULTATION, CONSULTATION_TYPE } from '../../core/planner-invitations.schemas.ts';
import type { Deps } from '../context.ts';
import { supportTeamMembers } from '../db/schema/estates.ts';
import { users } from '../db/schema/users.ts';
import { PLANNER_ROLE } from '../access/planner-clients.ts';
import { makeEstateOwner } from '../identity/make-estate-owner.ts';
import { invitationData, type InvitationRow } from './planner-invitation-view.ts';

/**
 * Accepting a planner's invitation, inside the acceptance transaction: the account becomes an estate
 * owner exactly as sign-up makes one (estate and onboarding checklist; an existing estate is kept)
 * and the planner joins its support team as legacy planner, accepted now — which is what makes the
 * owner their client (access/planner-clients.ts). Returns where to go next: the owner area, or the
 * schedule form for an Initial Consultation with the planner when the booking link was followed.
 */
export async function joinPlannerClient(
  deps: Pick<Deps, 'db' | 'clock'>,
  invitation: InvitationRow,
  userId: string,
  book: string | undefined,
): Promise<{ estateId: string; redirectTo: string }> {
  const now = deps.clock.now();
  const estateId = await makeEstateOwner(deps, userId);
  const [planner] = invitation.invitedBy
    ? await deps.db.select({ id: users.id, name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, invitation.invitedBy))
    : [];
  if (!planner) return { estateId, redirectTo: '/estate-owner' };
  const [member] = await deps.db
    .insert(supportTeamMembers)
    .values({ estateId, userId: planner.id, role: PLANNER_ROLE, name: planner.name, email: planner.email, phone: planner.phone ?? '', invitedAt: invitation.createdAt, acceptedAt: now, createdAt: now })
    .onConflictDoUpdate({
      target: [supportTeamMembers.estateId, supportTeamMembers.email, supportTeamMembers.role],
      set: { userId: planner.id, acceptedAt: now },
    })
    .returning({ id: supportTeamMembers.id });
  const booking = book === BOOK_CONSULTATION && invitationData(invitation).includeCalendarLink && member;
  const redirectTo = booking
    ? `/estate-owner/appointments?${new URLSearchParams({ schedule: '1', type: CONSULTATION_TYPE, with: member.id }).toString()}`
    : '/estate-owner';
  return { estateId, redirectTo };
}
