import { and, eq, gt, isNull } from 'drizzle-orm';
import { INVITATION_TTL_DAYS } from '../../../core/invitations.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { quotedName } from '../../mail/headers.ts';
import { assertInvitationAllowed } from '../../mail/send-limits.ts';
import { getSystemSettings } from '../system-settings/get-system-settings.ts';

export interface InvitationInput {
  kind: 'beneficiary' | 'support-team';
  email: string;
  role: Role;
  estateId: string;
  /** beneficiaries.id or support_team_members.id */
  targetId: string;
  /** the invitee's name as the owner wrote it, and words for the email */
  inviteeName: string;
  /** "a beneficiary (Child)", "your legacy planner" … */
  what: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Create a single-use invitation (random token, stored as its sha256, valid 14 days) and email the
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
 */
export async function createInvitation(ctx: Ctx, input: InvitationInput): Promise<{ expiresAt: Date }> {
  return inMailTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    await assertInvitationAllowed(tx.db, tx.actor.userId, input.email, now);
    await tx.db
      .update(invitations)
      .set({ expiresAt: now })
      .where(and(eq(invitations.targetId, input.targetId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));

    const token = randomToken();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
    await tx.db.insert(invitations).values({
      tokenHash: sha256(token),
      kind: input.kind,
      email: input.email,
      role: input.role,
      estateId: input.estateId,
      targetId: input.targetId,
      invitedBy: tx.actor.userId,
      data: { inviteeName: input.inviteeName },
      expiresAt,
      createdAt: now,
    });

    const { systemName } = await getSystemSettings(tx.db);
    const link = `${tx.config.publicUrl.replace(/\/$/, '')}/invitations/${token}`;
    const until = expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const inviter = quotedName(tx.actor.name);
    const firstName = input.inviteeName.split(/\s+/)[0] ?? input.inviteeName;
    const text = [
      `Hello ${firstName},`,
      '',
      `${systemName} is sending this on behalf of a member who gave their name as ${inviter}. They have invited you to ${systemName} as ${input.what}.`,
      '',
      `${systemName} is where its members keep the memories, documents and messages they want to pass on to the people they love.`,
      '',
      `Accept the invitation (create your account, or sign in if you already have one):`,
      link,
      '',
      `The link works once and expires on ${until}. If you were not expecting this email, or do not know ${inviter}, you can ignore it.`,
    ].join('\n');
    const html = [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      `<p>${escapeHtml(systemName)} is sending this on behalf of a member who gave their name as ${escapeHtml(inviter)}. They have invited you to ${escapeHtml(systemName)} as ${escapeHtml(input.what)}.</p>`,
      `<p>${escapeHtml(systemName)} is where its members keep the memories, documents and messages they want to pass on to the people they love.</p>`,
      `<p><a href="${escapeHtml(link)}">Accept the invitation</a> (create your account, or sign in if you already have one).</p>`,
      `<p>The link works once and expires on ${escapeHtml(until)}. If you were not expecting this email, or do not know ${escapeHtml(inviter)}, you can ignore it.</p>`,
    ].join('\n');
    await tx.mailer.send({ to: input.email, subject: `${systemName}: an invitation sent on behalf of one of our members`, text, html, kind: 'invitation' }, { db: tx.db });
    return { expiresAt };
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
