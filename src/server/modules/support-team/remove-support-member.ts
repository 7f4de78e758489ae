import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { withdrawInvitations } from '../../invitations/create-invitation.ts';
import { notify } from '../../notices/notify.ts';
import { ownMember } from '../../views/member-view.ts';

/**
 * Remove a support-team member: their open invitation is withdrawn, upcoming appointments with them
 * are cancelled (and they are told), and they no longer see this estate.
 */
export async function removeSupportMember(ctx: Ctx, id: string): Promise<void> {
  const row = await ownMember(ctx, id);
  const now = ctx.clock.now();
  // The removal, its audit row and the member's notice commit together (ADR 0077).
  await inMailTransaction(ctx, async (tx) => {
    await withdrawInvitations(tx, id);
    const cancelled = await tx.db
      .update(appointments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(eq(appointments.supportMemberId, id), inArray(appointments.status, ['pending', 'confirmed']), gt(appointments.startsAt, now)),
      )
      .returning({ id: appointments.id });
    await tx.db.delete(supportTeamMembers).where(eq(supportTeamMembers.id, id));
    if (row.userId) {
      await notify(tx, {
        userId: row.userId,
        type: 'estate',
        message: `${ctx.actor.name} removed you from their support team${cancelled.length ? `; ${cancelled.length} upcoming appointment(s) were cancelled` : ''}`,
        fromName: ctx.actor.name,
      });
    }
    await audit(tx, {
      action: 'support_team.removed',
      estateId: row.estateId,
      targetType: 'support_team_member',
      targetId: id,
      details: { role: row.role, appointmentsCancelled: cancelled.length },
    });
  });
}
