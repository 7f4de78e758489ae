import { and, eq, inArray } from 'drizzle-orm';
import type { TPlatformUser, TUpdateUserRequest } from '../../../core/admin-users.schemas.ts';
import { personaFor } from '../../../core/personas.ts';
import type { Role } from '../../../core/roles.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { estates } from '../../db/schema/estates.ts';
import { sessions, userRoles, users } from '../../db/schema/users.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { makeEstateOwner } from '../auth/sign-up.ts';
import { getPlatformUser } from './user-view.ts';

const ADMIN: Role = 'admin';

/**
 * The active admins, locked (FOR UPDATE, in id order) until the transaction ends. Every change that
 * could take an admin away takes this lock first, so two of them cannot both see "another admin is
 * left": the second waits, then re-reads the rows the first changed (ADR 0026).
 */
export async function lockActiveAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, ADMIN)))
    .where(eq(users.status, 'active'))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Edit: change a user's roles (at least one) and status (active / suspended). Suspending ends every
 * session of theirs in the same transaction, so their very next request is refused. The last active
 * admin can never be suspended or lose the admin role, and an admin cannot do either to themself
 * here (ADR 0026). Every change is audit-logged with its old and new values.
 */
export async function updateUser(ctx: Ctx, id: string, input: TUpdateUserRequest): Promise<TPlatformUser> {
  if (id === ctx.actor.userId) {
    if (input.status === 'suspended') throw badRequest('You cannot suspend your own account. Ask another administrator.', { status: 'Not your own account' });
    if (input.roles && !input.roles.includes(ADMIN)) {
      throw badRequest('You cannot remove your own Administrator role. Ask another administrator.', { roles: 'Keep Administrator' });
    }
  }
  const now = ctx.clock.now();
  const change = await ctx.db.transaction(async (txDb) => {
    const db = txDb as unknown as Db;
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
    if (added.includes('estate-owner')) await makeEstateOwner({ db, clock: ctx.clock }, id);
    let sessionsEnded = 0;
    if (status !== user.status) {
      await db.update(users).set({ status, updatedAt: now }).where(eq(users.id, id));
      if (status === 'suspended') sessionsEnded = (await db.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id })).length;
    }
    return {
      oldRoles,
      added,
      removed,
      oldStatus: user.status,
      status,
      sessionsEnded,
    };
  });
  if (change.added.length || change.removed.length) {
    await audit(ctx, {
      action: 'admin.user_roles_changed',
      estateId: null,
      targetType: 'user',
      targetId: id,
      details: {
        from: [...change.oldRoles].sort(),
        added: change.added,
        removed: change.removed,
      },
    });
  }
  if (change.status !== change.oldStatus) {
    await audit(ctx, {
      action: change.status === 'suspended' ? 'admin.user_suspended' : 'admin.user_reactivated',
      estateId: null,
      targetType: 'user',
      targetId: id,
      details: {
        from: change.oldStatus,
        to: change.status,
        sessionsEnded: change.sessionsEnded,
      },
    });
  }
  return getPlatformUser(ctx.db, id);
}
