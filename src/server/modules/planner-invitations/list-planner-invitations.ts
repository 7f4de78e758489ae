import { and, desc } from 'drizzle-orm';
import { PLANNER_INVITATION_PAGE_SIZE, type TPlannerInvitationPage } from '../../../core/planner-invitations.schemas.ts';
import type { CursorOf } from '../../../core/keyset.schemas.ts';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { plannerInvitationsOf, toPlannerInvitation } from '../../invitations/planner-invitation-view.ts';

/** The planner's invitations, newest first, a page at a time (index invitations(invited_by, created_at)). */
export async function listPlannerInvitations(ctx: Ctx, query: { cursor?: CursorOf<['instant', 'id']> | undefined }): Promise<TPlannerInvitationPage> {
  const rows = await ctx.db
    .select({ invitation: invitations, cursorAt: cursorTime(invitations.createdAt) })
    .from(invitations)
    .where(and(plannerInvitationsOf(ctx.actor.userId), afterCursor(descending(invitations.createdAt, invitations.id), query.cursor)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(PLANNER_INVITATION_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, PLANNER_INVITATION_PAGE_SIZE, (r) => [r.cursorAt, r.invitation.id]);
  const now = ctx.clock.now();
  return { items: page.map((r) => toPlannerInvitation(r.invitation, now)), nextCursor };
}
