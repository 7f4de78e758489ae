import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { TInviteUserRequest, TPlatformUser } from '../../core/admin-users.schemas.ts';
import { personaFor } from '../../core/personas.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { invitations } from '../db/schema/estates.ts';
import { userRoles, users } from '../db/schema/users.ts';
import { conflict } from '../lib/app-error.ts';
import { audit } from '../lib/audit.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { makeEstateOwner } from '../identity/make-estate-owner.ts';
import { createInvitation } from './create-invitation.ts';
import { tellStaffGrant } from './tell-staff-grant.ts';
import { getPlatformUser } from '../views/user-view.ts';
import { STAFF_KIND } from './find-invitation.ts';

const dateOf = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
export const withArticle = (label: string) => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;

/**
 * Add User (and Add Estate, with the estate-owner role): the invited person is an account with
 * status "invited" — no password, cannot sign in — holding the chosen role (an estate owner's empty
 * estate is created now, so it is listed and can be given an administrator at once), and a staff
 * invitation is emailed. Following the link and choosing a name and password activates the account
 * (ADR 0026). An address with an account is refused (use Edit to add a role); one with an open
 * invitation is refused; an invited address whose link expired gets a new one.
 *
 * Parallel requests for one address: the account row is locked (or its unique email decides the
 * race), so exactly one invitation goes.
 */
export async function inviteUser(ctx: Ctx, input: TInviteUserRequest): Promise<TPlatformUser> {
  const label = personaFor(input.role).name;
  const { userId, estateId, again } = await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    const now = tx.clock.now();
    const [found] = await db.select().from(users).where(eq(users.email, input.email)).for('update');
    let id: string;
    let again = false;
    if (found) {
      await refuseDuplicate(db, found, input.email, label, now);
      ({ id } = found);
      again = true;
      await db.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, id));
    } else {
      const [created] = await db
        .insert(users)
        .values({
          email: input.email,
          name: input.name,
          status: 'invited',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!created) {
        // Another request created it a moment ago: answer as if it had been there.
        const [taken] = await db.select().from(users).where(eq(users.email, input.email));
        if (taken) await refuseDuplicate(db, taken, input.email, label, now);
        throw conflict(`${input.email} was invited a moment ago. Reload the list.`, { email: 'Already invited' });
      }
      ({ id } = created);
    }
    await db.insert(userRoles).values({ userId: id, role: input.role }).onConflictDoNothing();
    const estateId = input.role === 'estate-owner' ? await makeEstateOwner({ db, clock: tx.clock }, id) : null;
    await createInvitation(tx, {
      kind: STAFF_KIND,
      email: input.email,
      role: input.role,
      estateId,
      targetId: id,
      inviteeName: input.name,
      what: input.role === 'estate-owner' ? `${withArticle(label)}, with a private estate ready for you to plan your legacy` : withArticle(label),
    });
    await tellStaffGrant(tx, { id, name: input.name, active: false }, [input.role]);
    return { userId: id, estateId, again };
  });
  await audit(ctx, {
    action: 'admin.user_invited',
    estateId,
    targetType: 'user',
    targetId: userId,
    details: { role: input.role, reinvited: again },
  });
  return getPlatformUser(ctx.db, userId);
}

/** 409 with what to do instead, unless the address is invited and its link has expired. */
async function refuseDuplicate(db: Db, existing: typeof users.$inferSelect, email: string, label: string, now: Date): Promise<void> {
  if (existing.status !== 'invited') {
    throw conflict(`${email} already has an account (${existing.name}). To give them the ${label} role, use Edit on their row in Users.`, {
      email: 'Already has an account',
    });
  }
  const [open] = await db
    .select({ expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(
      and(
        eq(invitations.kind, STAFF_KIND),
        eq(invitations.targetId, existing.id),
        isNull(invitations.acceptedAt),
        isNull(invitations.cancelledAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  if (open) {
    throw conflict(`${email} has already been invited; the invitation is open until ${dateOf(open.expiresAt)}. To change their role, use Edit.`, {
      email: 'Already invited',
    });
  }
}
