import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { issueLink } from '../../links/emailed-links.ts';
import { invitations } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { plannerInvitationMail } from './planner-invitation-mail.ts';
import { openAt, PLANNER_CLIENT_KIND, withoutSealedToken } from '../../invitations/planner-invitation-view.ts';

const BATCH = 50;

/**
 * The link of the first email, from its sealed token; an invitation without one (written before
 * reminders kept it) gets a new link in its reminder, and the old one stops working.
 */
async function reminderToken(tx: Pick<BaseCtx, 'clock' | 'secrets'> & { db: Db }, invitation: typeof invitations.$inferSelect): Promise<string> {
  const sealed = invitation.data.sealedToken;
  if (typeof sealed === 'string') return tx.secrets.decrypt(sealed);
  const { token } = await issueLink(tx, { purpose: 'invitation', targetId: invitation.id, expiresAt: invitation.expiresAt });
  return token;
}

/**
 * The one follow-up reminder of each planner invitation whose time has come (ADR 0021): due, not yet
 * sent, and still open (never after acceptance, cancellation or expiry). A batch is locked (SKIP
 * LOCKED, so two runs at once take different rows), claimed with a guarded UPDATE … WHERE
 * follow_up_sent_at IS NULL, and its reminders queued in the same transaction: exactly one reminder
 * even when runs overlap, and none lost if the process dies (the outbox sends it). A run that was
 * missed catches up: everything due by now goes.
 */
export async function sendInvitationFollowUps(ctx: BaseCtx): Promise<{ reminded: number }> {
  const now = ctx.clock.now();
  const { systemName } = await getSystemSettings(ctx.db);
  let reminded = 0;
  for (;;) {
    const claimed = await inMailTransaction(ctx, async (tx) => {
      const due = await tx.db
        .select({ invitation: invitations, inviterName: users.name })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.invitedBy))
        .where(and(eq(invitations.kind, PLANNER_CLIENT_KIND), isNull(invitations.followUpSentAt), lte(invitations.followUpDueAt, now), openAt(now)))
        .orderBy(invitations.followUpDueAt)
        .limit(BATCH)
        .for('update', { of: invitations, skipLocked: true });
      if (!due.length) return 0;
      const ids = await tx.db
        .update(invitations)
        .set({ followUpSentAt: now, data: withoutSealedToken })
        .where(and(inArray(invitations.id, due.map((d) => d.invitation.id)), isNull(invitations.followUpSentAt)))
        .returning({ id: invitations.id });
      const won = new Set(ids.map((r) => r.id));
      for (const { invitation, inviterName } of due) {
        if (!won.has(invitation.id)) continue;
        const token = await reminderToken(tx, invitation);
        const mail = plannerInvitationMail(invitation, token, { systemName, publicUrl: tx.config.publicUrl, inviterName: inviterName ?? 'a legacy planner', reminder: true });
        await tx.mailer.send({ to: invitation.email, ...mail }, { db: tx.db, idempotencyKey: `invitation-reminder.${invitation.id}` });
      }
      return won.size;
    });
    reminded += claimed;
    if (claimed < BATCH) return { reminded };
  }
}
