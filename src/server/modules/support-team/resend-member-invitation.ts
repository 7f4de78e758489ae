import { eq } from 'drizzle-orm';
import type { TSupportMember } from '../../../core/support-team.schemas.ts';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inviteMember } from './invite-member.ts';
import { ownMember, toSupportMember } from '../../views/member-view.ts';

export async function resendMemberInvitation(ctx: Ctx, id: string): Promise<TSupportMember> {
  const row = await ownMember(ctx, id);
  if (row.userId && row.acceptedAt) throw conflict(`${row.name} has already joined your support team.`);
  await inviteMember(ctx, row);
  await audit(ctx, { action: 'support_team.invitation_sent', estateId: row.estateId, targetType: 'support_team_member', targetId: id });
  const [fresh] = await ctx.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.id, id));
  return toSupportMember(fresh ?? row);
}
