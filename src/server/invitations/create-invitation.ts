import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { INVITATION_TTL_DAYS } from '../../core/invitations.schemas.ts';
import type { Role } from '../../core/roles.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { invitations } from '../db/schema/estates.ts';
import { issueLink, linkUrl } from '../links/emailed-links.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { assertInvitationAllowed } from '../mail/send-limits.ts';
import { invitationMail } from '../mail/templates/invitation.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';

export interface InvitationInput {
  kind: 'beneficiary' | 'support-team' | 'planner-client' | 'staff';
  email: string;
  role: Role;
  /** null for a planner's client: their estate is created when they accept */
  estateId: string | null;
  /** beneficiaries.id or support_team_members.id; null when there is nothing to link yet */
  targetId: string | null;
  /** the invitee's name as the owner wrote it, and words for the email */
  inviteeName: string;
  /** "a beneficiary (Child)", "your legacy planner" … */
  what: string;
  /** more to keep in invitations.data (beside inviteeName) */
  data?: Record<string, unknown>;
  /** Checked inside the transaction after the sender's and the address's locks: refuse duplicates here. */
  assertAllowed?: (db: Db, now: Date) => Promise<void>;
  /** the inviter's own words, quoted in the body as theirs */
  personalMessage?: string;
  /** add the "book an Initial Consultation" link */
  bookingLink?: boolean;
  /** send one reminder this many days later if nobody answers (the follow-up job) */
  followUpDays?: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The accept link an invitation mails: the token is its only key, in the fragment (never sent to a server). */
export const invitationLink = (publicUrl: string, token: string) => linkUrl(publicUrl, '/invitations', token);

/**
 * Create an invitation (valid 14 days) with its single-use link (links/emailed-links.ts) and email the
 * accept link. A newer invitation for the same person replaces any earlier one still open.
 *
 * Sending mail on a user's behalf is limited (send-limits.ts): the count and the insert happen in
 * one transaction under the sender's and the address's advisory locks, so parallel requests cannot
 * slip past; over the limit it is 429 and nothing is written. The mail is queued in the same
 * transaction and sent after the commit (inMailTransaction), also when the caller's transaction
 * wraps this one (then a 429 rolls back the caller's work too).
 *
 * The subject is the system's words only; the inviter's name — whatever they typed — is quoted in
 * the body as the name they gave, so it never reads as the sender.
 *
 * With a follow-up, the token is also kept sealed with the master key so that the one reminder can
 * carry the same link; it is dropped once the reminder has gone or the invitation ends.
 */
export async function createInvitation(ctx: Ctx, input: InvitationInput): Promise<{ id: string; expiresAt: Date }> {
  return inMailTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    await assertInvitationAllowed(tx.db, tx.actor.userId, input.email, now);
    await input.assertAllowed?.(tx.db, now);
    if (input.targetId) {
      await tx.db
        .update(invitations)
        .set({ expiresAt: now })
        .where(and(eq(invitations.targetId, input.targetId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
    }

    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
    const id = randomUUID();
    const { token } = await issueLink(tx, { purpose: 'invitation', targetId: id, expiresAt });
    const followUpDueAt = input.followUpDays ? new Date(now.getTime() + input.followUpDays * DAY_MS) : null;
    await tx.db
      .insert(invitations)
      .values({
        id,
        kind: input.kind,
        email: input.email,
        role: input.role,
        estateId: input.estateId,
        targetId: input.targetId,
        invitedBy: tx.actor.userId,
        data: { ...input.data, inviteeName: input.inviteeName, ...(followUpDueAt ? { sealedToken: tx.secrets.encrypt(token) } : {}) },
        expiresAt,
        followUpDueAt,
        lastSentAt: now,
        createdAt: now,
      });

    const { systemName } = await getSystemSettings(tx.db);
    const mail = invitationMail({
      systemName,
      link: invitationLink(tx.config.publicUrl, token),
      expiresAt,
      inviterName: tx.actor.name,
      inviteeName: input.inviteeName,
      what: input.what,
      personalMessage: input.personalMessage,
      offerBooking: input.bookingLink,
    });
    await tx.mailer.send({ to: input.email, ...mail }, { db: tx.db });
    return { id, expiresAt };
  });
}

/** Withdraw every open invitation for a beneficiary or support-team member (removed or email changed). */
export async function withdrawInvitations(ctx: Ctx, targetId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(invitations)
    .set({ expiresAt: now })
    .where(and(eq(invitations.targetId, targetId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
}
