import { eq } from 'drizzle-orm';
import { INVITATION_TTL_DAYS } from '../../../core/invitations.schemas.ts';
import { INVITATION_FOLLOW_UP_DAYS, INVITATION_RESEND_COOLDOWN_MINUTES, type TPlannerInvitation } from '../../../core/planner-invitations.schemas.ts';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { audit } from '../../lib/audit.ts';
import { conflict } from '../../lib/app-error.ts';
import { issueLink } from '../../links/emailed-links.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { assertInvitationAllowed, rateLimited } from '../../mail/send-limits.ts';
import { DAY_MS } from '../../invitations/create-invitation.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { findPlannerInvitation } from './find-planner-invitation.ts';
import { plannerInvitationMail } from './planner-invitation-mail.ts';
import { assertCanInvite } from './planner-invitation-rules.ts';
import { invitationData, toPlannerInvitation } from '../../invitations/planner-invitation-view.ts';

/**
 * Resend (ADR 0021): a new link replaces the old one (which stops working), valid 14 days from now,
 * emailed with the same message. A sent or expired invitation can be resent; an accepted or
 * cancelled one cannot (409). The follow-up is re-armed — due 3 days after the resend — only if one
 * was asked for and none has gone yet: each invitation gets at most one reminder. Resends count
 * towards the send limits and wait 10 minutes between two.
 */
export async function resendPlannerInvitation(ctx: Ctx, id: string): Promise<TPlannerInvitation> {
  const { email } = await findPlannerInvitation(ctx, id);
  const updated = await inMailTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    await assertInvitationAllowed(tx.db, tx.actor.userId, email, now);
    const row = await findPlannerInvitation(tx, id, true);
    const status = toPlannerInvitation(row, now).status;
    if (status === 'accepted' || status === 'cancelled') throw conflict(`This invitation was ${status}: it cannot be resent.`);
    const waitUntil = (row.lastSentAt ?? row.createdAt).getTime() + INVITATION_RESEND_COOLDOWN_MINUTES * 60_000;
    if (waitUntil > now.getTime()) {
      throw rateLimited(`This invitation was sent less than ${INVITATION_RESEND_COOLDOWN_MINUTES} minutes ago. Please wait a little before resending it.`);
    }
    await assertCanInvite(tx.db, tx.actor.userId, row.email, now, row.id);

    const data = invitationData(row);
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
    const { token } = await issueLink(tx, { purpose: 'invitation', targetId: row.id, expiresAt });
    const rearm = data.scheduleFollowUp && !row.followUpSentAt;
    const [saved] = await tx.db
      .update(invitations)
      .set({
        expiresAt,
        lastSentAt: now,
        followUpDueAt: rearm ? new Date(now.getTime() + INVITATION_FOLLOW_UP_DAYS * DAY_MS) : row.followUpDueAt,
        data: { ...row.data, ...(rearm ? { sealedToken: tx.secrets.encrypt(token) } : {}) },
      })
      .where(eq(invitations.id, row.id))
      .returning();
    const { systemName } = await getSystemSettings(tx.db);
    const mail = plannerInvitationMail(saved!, token, { systemName, publicUrl: tx.config.publicUrl, inviterName: tx.actor.name });
    await tx.mailer.send({ to: row.email, ...mail }, { db: tx.db });
    return saved!;
  });
  await audit(ctx, { action: 'planner_invitation.resent', targetType: updated.kind, targetId: updated.id });
  return toPlannerInvitation(updated, ctx.clock.now());
}
