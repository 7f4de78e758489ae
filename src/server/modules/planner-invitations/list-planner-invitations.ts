import { and, desc } from 'drizzle-orm';
import { PLANNER_INVITATION_PAGE_SIZE, type TPlannerInvitationPage } from '../../../core/planner-invitations.schemas.ts';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { afterNewestFirst, newestFirstCursor } from '../../lib/keyset.ts';
import { plannerInvitationsOf, toPlannerInvitation } from './planner-invitation-view.ts';

/** The planner's invitations, newest first, a page at a time (index invitations(invited_by, created_at)). */
export async function listPlannerInvitations(ctx: Ctx, query: { cursor?: string | undefined }): Promise<TPlannerInvitationPage> {
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(and(plannerInvitationsOf(ctx.actor.userId), afterNewestFirst(invitations.createdAt, invitations.id, query.cursor)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(PLANNER_INVITATION_PAGE_SIZE + 1);
  const page = rows.slice(0, PLANNER_INVITATION_PAGE_SIZE);
  const last = page[page.length - 1];
  const now = ctx.clock.now();
  return {
    items: page.map((r) => toPlannerInvitation(r, now)),
    nextCursor: rows.length > PLANNER_INVITATION_PAGE_SIZE && last ? newestFirstCursor(last) : null,
  };
}
