import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TSupportMember, ZInviteSupportMemberRequest } from '../../../core/support-team.schemas.ts';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertSupportTeamRoom } from './support-team-room.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { inviteMember } from './invite-member.ts';
import { supportRoleLabel, toSupportMember } from '../../views/member-view.ts';

/** Add a legacy planner or estate administrator by email: a pending member and an invitation. */
export async function inviteSupportMember(ctx: Ctx, input: z.output<typeof ZInviteSupportMemberRequest>): Promise<TSupportMember> {
  const estateId = ownEstateId(ctx);
  if (input.email === ctx.actor.email) throw badRequest('You cannot be on your own support team.', { email: 'This is your own email' });
  const duplicate = () =>
    conflict(`${input.email} is already on your support team as ${supportRoleLabel(input.role)}.`, { email: 'Already on your support team' });
  const [existing] = await ctx.db
    .select({ id: supportTeamMembers.id })
    .from(supportTeamMembers)
    .where(and(eq(supportTeamMembers.estateId, estateId), eq(supportTeamMembers.email, input.email), eq(supportTeamMembers.role, input.role)));
  if (existing) throw duplicate();
  // One transaction: over the invitation limit (429) no pending member is left behind uninvited.
  const row = await inMailTransaction(ctx, async (tx) => {
    await assertSupportTeamRoom(tx.db, estateId);
    const [inserted] = await tx.db
      .insert(supportTeamMembers)
      .values({ estateId, role: input.role, name: input.name, email: input.email, phone: input.phone, createdAt: tx.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw duplicate();
    await inviteMember(tx, inserted);
    await audit(tx, { action: 'support_team.invited', estateId, targetType: 'support_team_member', targetId: inserted.id, details: { role: inserted.role } });
    return inserted;
  });
  const [fresh] = await ctx.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.id, row.id));
  return toSupportMember(fresh ?? row);
}
