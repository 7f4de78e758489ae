import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { estates, invitations, supportTeamMembers } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { PLANNER_ROLE } from '../../access/planner-clients.ts';
import { conflict } from '../../lib/app-error.ts';
import { openAt, plannerInvitationsOf } from '../../invitations/planner-invitation-view.ts';

/**
 * The duplicate rule (ADR 0021), checked inside the sending transaction after the address's advisory
 * lock (send-limits.ts), so two parallel requests for one address see each other: a planner has at
 * most one open invitation per address, and does not invite someone who is already their client.
 */
export async function assertCanInvite(db: Db, plannerId: string, email: string, now: Date, exceptId?: string): Promise<void> {
  const [open] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(plannerInvitationsOf(plannerId), eq(invitations.email, email), openAt(now), exceptId ? ne(invitations.id, exceptId) : undefined))
    .limit(1);
  if (open) {
    throw conflict(`You have already invited ${email} and the invitation is still open. Resend it from the Invitations list instead.`, {
      email: 'Already invited: resend the open invitation instead',
    });
  }
  const [client] = await db
    .select({ id: supportTeamMembers.id })
    .from(supportTeamMembers)
    .innerJoin(estates, eq(estates.id, supportTeamMembers.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(eq(supportTeamMembers.userId, plannerId), eq(supportTeamMembers.role, PLANNER_ROLE), isNotNull(supportTeamMembers.acceptedAt), eq(users.email, email)),
    )
    .limit(1);
  if (client) {
    throw conflict(`${email} is already one of your loved ones.`, { email: 'Already one of your loved ones' });
  }
}
