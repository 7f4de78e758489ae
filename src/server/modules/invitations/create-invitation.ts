import { and, eq, gt, isNull } from 'drizzle-orm';
import { INVITATION_TTL_DAYS } from '../../../core/invitations.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
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
 */
export async function createInvitation(ctx: Ctx, input: InvitationInput): Promise<{ expiresAt: Date }> {
  const now = ctx.clock.now();
  await ctx.db
    .update(invitations)
    .set({ expiresAt: now })
    .where(and(eq(invitations.targetId, input.targetId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));

  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
  await ctx.db.insert(invitations).values({
    tokenHash: sha256(token),
    kind: input.kind,
    email: input.email,
    role: input.role,
    estateId: input.estateId,
    targetId: input.targetId,
    invitedBy: ctx.actor.userId,
    data: { inviteeName: input.inviteeName },
    expiresAt,
    createdAt: now,
  });

  const { systemName } = await getSystemSettings(ctx.db);
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/invitations/${token}`;
  const until = expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const inviter = ctx.actor.name;
  const firstName = input.inviteeName.split(/\s+/)[0] ?? input.inviteeName;
  const text = [
    `Hello ${firstName},`,
    '',
    `${inviter} has invited you to ${systemName} as ${input.what}.`,
    '',
    `${systemName} is where ${inviter} keeps the memories, documents and messages they want to pass on to the people they love.`,
    '',
    `Accept the invitation (create your account, or sign in if you already have one):`,
    link,
    '',
    `The link works once and expires on ${until}. If you were not expecting this email, you can ignore it.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>${escapeHtml(inviter)} has invited you to ${escapeHtml(systemName)} as ${escapeHtml(input.what)}.</p>`,
    `<p>${escapeHtml(systemName)} is where ${escapeHtml(inviter)} keeps the memories, documents and messages they want to pass on to the people they love.</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a> (create your account, or sign in if you already have one).</p>`,
    `<p>The link works once and expires on ${escapeHtml(until)}. If you were not expecting this email, you can ignore it.</p>`,
  ].join('\n');
  await ctx.mailer.send({ to: input.email, subject: `${inviter} invited you to ${systemName}`, text, html, kind: 'invitation' });
  return { expiresAt };
}

/** Withdraw every open invitation for a beneficiary or support-team member (removed or email changed). */
export async function withdrawInvitations(ctx: Ctx, targetId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(invitations)
    .set({ expiresAt: now })
    .where(and(eq(invitations.targetId, targetId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
}
