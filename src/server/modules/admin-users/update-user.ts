import { and, eq, inArray } from 'drizzle-orm';
import type { TPlatformUser, TUpdateUserRequest } from '../../../core/admin-users.schemas.ts';
import { personaFor } from '../../../core/personas.ts';
import type { Role } from '../../../core/roles.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { sessions, userRoles, users } from '../../db/schema/users.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { makeEstateOwner } from '../../identity/make-estate-owner.ts';
import { lockActiveAdmins } from '../../access/active-admins.ts';
import { tellStaffGrant } from '../../invitations/tell-staff-grant.ts';
import { getPlatformUser } from '../../views/user-view.ts';

const ADMIN: Role = 'admin';

/**
 * Edit: change a user's roles (at least one) and status (active / suspended). Suspending ends every
 * session of theirs in the same transaction, so their very next request is refused. The last active
 * admin can never be suspended or lose the admin role (ADR 0026), and nobody changes their own roles
 * or status (ADR 0076). Every change is audit-logged with its old and new values, and a grant of
 * admin or estate-administrator powers is told to the person and every other admin, in the same
 * transaction as the change.
 */
export async function updateUser(ctx: Ctx, id: string, input: TUpdateUserRequest): Promise<TPlatformUser> {
  // Separation of duties (ADR 0076): a change to one's own powers always needs a second admin.
  if (id === ctx.actor.userId && (input.roles || input.status)) {
    throw forbidden('You cannot change your own roles or status. Ask another administrator to do it.');
  }
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    const admins = await lockActiveAdmins(db);
    const [user] = await db.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw notFound('That user');
    const oldRoles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.role);
    const roles = input.roles ?? oldRoles;
    const status = input.status ?? user.status;
    if (user.status === 'invited' && input.status) {
      throw badRequest(`${user.name} has not accepted the invitation yet; the account becomes active when they do.`, { status: 'Still invited' });
    }
    const wasActiveAdmin = user.status === 'active' && oldRoles.includes(ADMIN);
    const staysActiveAdmin = status === 'active' && roles.includes(ADMIN);
    if (wasActiveAdmin && !staysActiveAdmin && !admins.some((a) => a !== id)) {
      throw conflict(`${user.name} is the last active administrator: the platform needs one. Make someone else an administrator first.`, {
        [status === 'active' ? 'roles' : 'status']: 'Last active administrator',
      });
    }
    const removed = oldRoles.filter((r) => !roles.includes(r));
    const added = roles.filter((r) => !oldRoles.includes(r));
    if (removed.includes('estate-owner')) {
      const [estate] = await db.select({ id: estates.id }).from(estates).where(eq(estates.ownerId, id));
      if (estate) {
        throw badRequest(`${user.name} owns an estate, so the ${personaFor('estate-owner').name} role stays while it exists.`, { roles: 'Owns an estate' });
      }
    }
    if (removed.length) await db.delete(userRoles).where(and(eq(userRoles.userId, id), inArray(userRoles.role, removed)));
    if (added.length)
      await db
        .insert(userRoles)
        .values(added.map((role) => ({ userId: id, role })))
        .onConflictDoNothing();
    // An estate owner always has an estate (empty, with the onboarding checklist, as at sign-up).
    if (added.includes('estate-owner')) await makeEstateOwner({ db, clock: tx.clock }, id);
    let sessionsEnded = 0;
    if (status !== user.status) {
      await db.update(users).set({ status, updatedAt: now }).where(eq(users.id, id));
      if (status === 'suspended') sessionsEnded = (await db.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id })).length;
    }
    if (added.length || removed.length) {
      await audit(tx, {
        action: 'admin.user_roles_changed',
        estateId: null,
        targetType: 'user',
        targetId: id,
        details: { from: [...oldRoles].sort(), added, removed },
      });
      await tellStaffGrant(tx, { id, name: user.name, active: user.status !== 'invited' }, added);
    }
    if (status !== user.status) {
      await audit(tx, {
        action: status === 'suspended' ? 'admin.user_suspended' : 'admin.user_reactivated',
        estateId: null,
        targetType: 'user',
        targetId: id,
        details: { from: user.status, to: status, sessionsEnded },
      });
    }
  });
  return getPlatformUser(ctx.db, id);
}
