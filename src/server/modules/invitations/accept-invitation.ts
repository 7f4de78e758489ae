import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TAcceptInvitationRequest, TAcceptInvitationResponse } from '../../../core/invitations.schemas.ts';
import { INVITATION_ERROR_CODES } from '../../../core/invitations.schemas.ts';
import { personaFor } from '../../../core/personas.ts';
import { isRole, type Role } from '../../../core/roles.ts';
import type { BaseCtx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { beneficiaries, invitations, supportTeamMembers } from '../../db/schema/estates.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { SESSION_COOKIE, sessionUser, startSession } from '../../identity/sessions.ts';
import { readUserSettings } from '../../../core/settings.schemas.ts';
import { loadSettingsData } from '../../notices/notification-settings.ts';
import { notify } from '../../notices/notify.ts';
import type { Db } from '../../db/client.ts';
import { claimLink } from '../../links/emailed-links.ts';
import { joinPlannerClient } from '../../invitations/join-planner-client.ts';
import { findOpenInvitation, PLANNER_CLIENT_KIND, STAFF_KIND } from '../../invitations/find-invitation.ts';
import { activateInvitedUser, announceStaffAcceptance } from '../../invitations/accept-staff-invitation.ts';

const used = () => new AppError(INVITATION_ERROR_CODES.used, 410, 'This invitation has already been accepted. Sign in to continue.');

/**
 * Accept an invitation. Signed in: the account's email must be the invited one, and it is linked.
 * Signed out: `name` and `password` create the account (its email is the invited one, verified by
 * the link) and sign it in. Either way the role is granted, the beneficiary or support-team row is
 * linked to the account, and the token is used up.
 */
export async function acceptInvitation(
  ctx: BaseCtx,
  reply: FastifyReply,
  token: string,
  input: TAcceptInvitationRequest,
  cookies: Record<string, string | undefined>,
): Promise<TAcceptInvitationResponse> {
  const open = await findOpenInvitation(ctx, token);
  const { invitation } = open;
  if (!isRole(invitation.role)) throw badRequest('This invitation is not valid.');
  const role: Role = invitation.role;
  const now = ctx.clock.now();

  let newAccount: { name: string; passwordHash: string } | null = null;
  if (ctx.actor) {
    if (ctx.actor.email !== invitation.email) {
      throw new AppError(
        INVITATION_ERROR_CODES.emailMismatch,
        403,
        `This invitation was sent to ${invitation.email}, but you are signed in as ${ctx.actor.email}. Sign out, then open the link again.`,
      );
    }
  } else {
    const fields: Record<string, string> = {};
    if (!input.name) fields.name = 'Required';
    if (!input.password) fields.password = 'Required';
    if (Object.keys(fields).length) throw badRequest('Enter your name and choose a password to create your account.', fields);
    const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
    // An admin's invitation is for the invited account that holds the address until it is accepted.
    if (existing && !(invitation.kind === STAFF_KIND && existing.id === invitation.targetId)) {
      throw new AppError(
        INVITATION_ERROR_CODES.accountExists,
        409,
        `An account for ${invitation.email} already exists. Sign in, then open the invitation link again to accept it.`,
      );
    }
    newAccount = { name: input.name!, passwordHash: await hashPassword(input.password!) };
  }

  let redirectTo: string = personaFor(role).path;
  let estateId = invitation.estateId;

  async function claimAndJoin(tx: Db): Promise<string> {
    // Claim the token first: only one acceptance can win.
    const claimed = await tx
      .update(invitations)
      .set({ acceptedAt: now, data: sql`${invitations.data} - 'sealedToken'` })
      .where(
        and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt), isNull(invitations.cancelledAt), gt(invitations.expiresAt, now)),
      )
      .returning({ id: invitations.id });
    if (claimed.length === 0) throw used();
    // ...and its link with it (a link replaced meanwhile by a resend is refused, and nothing is kept).
    await claimLink({ db: tx, clock: ctx.clock }, token, ['invitation']);

    let id = ctx.actor?.userId ?? null;
    if (invitation.kind === STAFF_KIND) {
      const activated = newAccount ? await activateInvitedUser({ db: tx, clock: ctx.clock }, invitation, newAccount) : null;
      if (!activated) throw used();
      ({ estateId, redirectTo } = activated);
      return activated.userId;
    }
    if (newAccount) {
      const [created] = await tx
        .insert(users)
        .values({ email: invitation.email, name: newAccount.name, passwordHash: newAccount.passwordHash, emailVerifiedAt: now, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!created) {
        throw new AppError(INVITATION_ERROR_CODES.accountExists, 409, `An account for ${invitation.email} already exists. Sign in to accept.`);
      }
      id = created.id;
    }
    if (!id) throw used();

    await tx.insert(userRoles).values({ userId: id, role }).onConflictDoNothing();
    if (invitation.kind === PLANNER_CLIENT_KIND) {
      ({ estateId, redirectTo } = await joinPlannerClient({ db: tx, clock: ctx.clock }, invitation, id, input.book));
    }
    if (open.beneficiary) {
      await tx.update(beneficiaries).set({ userId: id, acceptedAt: now, updatedAt: now }).where(eq(beneficiaries.id, open.beneficiary.id));
    }
    if (open.member) {
      await tx.update(supportTeamMembers).set({ userId: id, acceptedAt: now }).where(eq(supportTeamMembers.id, open.member.id));
      // Requests made before they had an account now reach them.
      await tx
        .update(appointments)
        .set({ attendeeUserId: id, updatedAt: now })
        .where(and(eq(appointments.supportMemberId, open.member.id), isNull(appointments.attendeeUserId)));
    }
    return id;
  }

  async function announceAcceptance(txCtx: BaseCtx, userId: string): Promise<void> {
    await audit(txCtx, {
      action: 'invitation.accepted',
      actorUserId: userId,
      estateId,
      targetType: invitation.kind,
      targetId: invitation.targetId ?? undefined,
      details: { role, newAccount: Boolean(newAccount) },
    });
    if (newAccount) await audit(txCtx, { action: 'auth.sign_up', actorUserId: userId, details: { via: 'invitation' } });
    if (invitation.kind === STAFF_KIND) {
      await announceStaffAcceptance(txCtx, invitation, userId);
    } else if (invitation.kind === PLANNER_CLIENT_KIND && invitation.invitedBy) {
      const [who] = await txCtx.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      await notify(txCtx, {
        userId: invitation.invitedBy,
        type: 'estate',
        message: `${who?.name ?? invitation.email} accepted your invitation and is now one of your loved ones`,
        fromName: who?.name ?? '',
        link: '/legacy-planner/loved-ones',
      });
    } else if (invitation.invitedBy && readUserSettings(await loadSettingsData(txCtx.db, invitation.invitedBy)).beneficiaryActivity) {
      const [who] = await txCtx.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      await notify(txCtx, {
        userId: invitation.invitedBy,
        type: 'estate',
        message: `${who?.name ?? invitation.email} accepted your invitation`,
        fromName: who?.name ?? '',
        link: '/estate-owner/beneficiaries',
      });
    }
  }

  // The acceptance, its audit rows and the notices it causes commit together (ADR 0077).
  const userId = await inMailTransaction(ctx, async (txCtx) => {
    const id = await claimAndJoin(txCtx.db);
    await announceAcceptance(txCtx, id);
    return id;
  });
  if (newAccount) await startSession(ctx, reply, userId, ctx.meta, cookies[SESSION_COOKIE]);
  return { user: await sessionUser(ctx, userId), redirectTo };
}
