import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  SIGN_UP_EMAILS_PER_ADDRESS_PER_HOUR,
  SIGN_UP_LINK_HOURS,
  type TConfirmSignUpRequest,
  type TSessionUser,
  type TSignUpRequest,
  type TSignUpResponse,
} from '../../../core/auth.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import type { BaseCtx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { outboxEmails } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { signUpConfirmationMail } from '../../mail/templates/sign-up-confirmation.ts';
import { signUpExistingAccountMail } from '../../mail/templates/sign-up-existing-account.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { makeEstateOwner } from '../../identity/make-estate-owner.ts';
import { claimLink, issueLink, linkNotValid, linkUrl, peekLink } from '../../links/emailed-links.ts';
import { sessionUser, startSession } from '../../identity/sessions.ts';

/** Pending sign-ups are kept as invitations of this kind until their link is followed. */
export const SIGN_UP_KIND = 'sign-up';
const MAIL_KINDS = ['sign-up-confirm', 'sign-up-existing'];

/**
 * Sign up, step 1: the same answer whether or not the address has an account. A new address gets
 * a link that creates the account (the pending sign-up keeps the name and the password's hash,
 * never the password); the owner of a taken address is told someone tried, and nothing changes.
 * The password is hashed either way, so the two cannot be told apart by timing either. Past a few
 * emails an hour to one address, nothing more is sent (the answer stays the same).
 */
export async function requestSignUp(ctx: BaseCtx, input: TSignUpRequest): Promise<TSignUpResponse> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  const [existing] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, input.email));
  const answer: TSignUpResponse = { status: 'check-email', email: input.email };

  const [recent] = await ctx.db
    .select({ n: count() })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.to, input.email),
        inArray(outboxEmails.kind, MAIL_KINDS),
        gt(outboxEmails.createdAt, new Date(now.getTime() - 60 * 60_000)),
      ),
    );
  if ((recent?.n ?? 0) >= SIGN_UP_EMAILS_PER_ADDRESS_PER_HOUR) {
    await audit(ctx, { action: 'auth.sign_up_throttled', actorUserId: existing?.id ?? null });
    return answer;
  }

  // The link (or the warning), its audit row and its mail commit together (ADR 0077).
  await inMailTransaction(ctx, async (ctx) => {
    const { systemName } = await getSystemSettings(ctx.db);
    if (existing) {
      await audit(ctx, { action: 'auth.sign_up_existing_email', actorUserId: existing.id });
      const signInUrl = new URL('/sign-in', ctx.config.publicUrl).toString();
      await ctx.mailer.send({ to: input.email, ...signUpExistingAccountMail({ systemName, name: existing.name, signInUrl }) }, { db: ctx.db });
      return;
    }

    // The newest request is the only live one: earlier links for this address stop working.
    await ctx.db
      .update(invitations)
      .set({ expiresAt: now })
      .where(and(eq(invitations.kind, SIGN_UP_KIND), eq(invitations.email, input.email), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
    const expiresAt = new Date(now.getTime() + SIGN_UP_LINK_HOURS * 60 * 60_000);
    const [pending] = await ctx.db
      .insert(invitations)
      .values({ kind: SIGN_UP_KIND, email: input.email, role: 'estate-owner' satisfies Role, data: { name: input.name, passwordHash }, expiresAt, createdAt: now })
      .returning({ id: invitations.id });
    const { token } = await issueLink(ctx, { purpose: 'sign-up', targetId: pending!.id, expiresAt });
    await audit(ctx, { action: 'auth.sign_up_requested', actorUserId: null });
    const link = linkUrl(ctx.config.publicUrl, '/sign-up/confirm', token);
    await ctx.mailer.send({ to: input.email, ...signUpConfirmationMail({ systemName, link }) }, { db: ctx.db });
  });
  return answer;
}

/**
 * Sign up, step 2: following the emailed link, with the password chosen at step 1, creates the
 * estate owner (email verified by the link) with an empty estate and the onboarding checklist, and
 * signs them in. The password is asked again so that a sign-up someone else started with your
 * address (and their password) cannot be completed by you clicking the link. The link works once
 * (a guarded UPDATE), only while it is the newest for its address, and not after another sign-up
 * for the same address was confirmed.
 */
export async function confirmSignUp(ctx: BaseCtx, reply: FastifyReply, input: TConfirmSignUpRequest, previousToken: string | undefined): Promise<TSessionUser> {
  const { token } = input;
  const now = ctx.clock.now();
  const link = await peekLink(ctx, token, 'sign-up');
  const live = and(eq(invitations.id, link.targetId), eq(invitations.kind, SIGN_UP_KIND), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now));
  const [found] = await ctx.db.select({ data: invitations.data }).from(invitations).where(live);
  const storedHash = (found?.data as { passwordHash?: unknown } | undefined)?.passwordHash;
  if (!found || typeof storedHash !== 'string') throw linkNotValid('sign-up');
  if (!(await verifyPassword(storedHash, input.password))) {
    throw badRequest('That is not the password chosen when this sign-up was started. If you did not start it, ignore the email.', {
      password: 'Not the password you chose',
    });
  }
  // The link is used, the account made and the session started together, or none of it (ADR 0095).
  const userId = await inMailTransaction(ctx, async (tx) => {
    await claimLink(tx, token, ['sign-up']);
    const [pending] = await tx.db
      .update(invitations)
      .set({ acceptedAt: now })
      .where(live)
      .returning();
    if (!pending) throw linkNotValid('sign-up');
    const { name, passwordHash } = pending.data as { name?: unknown; passwordHash?: unknown };
    if (typeof name !== 'string' || typeof passwordHash !== 'string') throw linkNotValid('sign-up');

    const [user] = await tx.db
      .insert(users)
      .values({ email: pending.email, name, passwordHash, emailVerifiedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw conflict('An account with this email address already exists. Sign in instead.');
    // The hash has done its job; the used row keeps no copy of it.
    await tx.db.update(invitations).set({ data: {} }).where(eq(invitations.id, pending.id));
    const estateId = await makeEstateOwner(tx, user.id);
    await audit(tx, { action: 'auth.sign_up', actorUserId: user.id, estateId });
    await startSession(tx, reply, user.id, ctx.meta, previousToken);
    return user.id;
  });
  return sessionUser(ctx, userId);
}
