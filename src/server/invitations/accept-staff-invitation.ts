import { and, eq } from 'drizzle-orm';
import { personaFor } from '../../core/personas.ts';
import type { Role } from '../../core/roles.ts';
import type { Deps } from '../context.ts';
import { estates, type invitations } from '../db/schema/estates.ts';
import { userRoles, users } from '../db/schema/users.ts';
import { notify } from '../notices/notify.ts';
import { withArticle } from './invite-user.ts';

type InvitationRow = typeof invitations.$inferSelect;

/**
 * Accepting an admin's invitation (Add User / Add Estate), inside the acceptance transaction: the
 * invited account gets the name and password chosen now, its address counts as verified (the link
 * was followed) and it becomes active, with the roles it holds now (an admin may have changed them
 * since the invitation went). Returns its id, or null when it is no longer an invited account.
 */
export async function activateInvitedUser(
  deps: Pick<Deps, 'db' | 'clock'>,
  invitation: InvitationRow,
  account: { name: string; passwordHash: string },
): Promise<{
  userId: string;
  estateId: string | null;
  redirectTo: string;
} | null> {
  if (!invitation.targetId) return null;
  const now = deps.clock.now();
  const [user] = await deps.db
    .update(users)
    .set({
      name: account.name,
      passwordHash: account.passwordHash,
      status: 'active',
      emailVerifiedAt: now,
      lastActiveAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.id, invitation.targetId), eq(users.email, invitation.email), eq(users.status, 'invited')))
    .returning({ id: users.id });
  if (!user) return null;
  const roles = (await deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role);
  const [estate] = await deps.db.select({ id: estates.id }).from(estates).where(eq(estates.ownerId, user.id));
  const landing: Role | undefined = roles.includes(invitation.role as Role) ? (invitation.role as Role) : roles[0];
  return {
    userId: user.id,
    estateId: estate?.id ?? null,
    redirectTo: landing ? personaFor(landing).path : '/',
  };
}

/** The admin who sent it hears that it was accepted. */
export async function announceStaffAcceptance(
  deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>,
  invitation: InvitationRow,
  userId: string,
): Promise<void> {
  if (!invitation.invitedBy) return;
  const [who] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const role = invitation.role as Role;
  await notify(deps, {
    userId: invitation.invitedBy,
    type: 'security',
    message: `${who?.name ?? invitation.email} accepted your invitation and joined as ${withArticle(personaFor(role).name)}`,
    fromName: who?.name ?? '',
    link: '/admin/users',
  });
}
