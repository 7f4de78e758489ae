import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { createInvitation } from '../../invitations/create-invitation.ts';
import { supportRoleLabel, type MemberRow } from '../../views/member-view.ts';

/**
 * Email (or re-email) the invitation that lets a support-team member create or link an account:
 * the invitation, its mail and invited_at in one transaction (the caller's, when it has one).
 */
export async function inviteMember(ctx: Ctx, row: MemberRow): Promise<void> {
  await inMailTransaction(ctx, async (tx) => inviteInTransaction(tx, row));
}

async function inviteInTransaction(ctx: Ctx, row: MemberRow): Promise<void> {
  const label = supportRoleLabel(row.role);
  await createInvitation(ctx, {
    kind: 'support-team',
    email: row.email,
    role: row.role as 'legacy-planner' | 'estate-administrator',
    estateId: row.estateId,
    targetId: row.id,
    inviteeName: row.name,
    what: `${label === 'Estate Administrator' ? 'an' : 'a'} ${label} on their support team`,
  });
  await ctx.db.update(supportTeamMembers).set({ invitedAt: ctx.clock.now() }).where(eq(supportTeamMembers.id, row.id));
}
