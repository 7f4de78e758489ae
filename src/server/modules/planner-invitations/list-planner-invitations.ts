import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { PLANNER_INVITATION_PAGE_SIZE, type TPlannerInvitationPage } from '../../../core/planner-invitations.schemas.ts';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { badRequest } from '../../lib/app-error.ts';
import { plannerInvitationsOf, toPlannerInvitation } from './planner-invitation-view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "<created at ISO>|<id>" of the last row of a page → the condition for the rows after it. */
function after(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('|');
  const when = at ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime()) || !id || !UUID.test(id)) {
    throw badRequest('That page link is not valid. Reload the list.', { cursor: 'Not a valid cursor' });
  }
  return or(lt(invitations.createdAt, when), and(eq(invitations.createdAt, when), lt(invitations.id, id)));
}

/** The planner's invitations, newest first, a page at a time (index invitations(invited_by, created_at)). */
export async function listPlannerInvitations(ctx: Ctx, query: { cursor?: string | undefined }): Promise<TPlannerInvitationPage> {
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(and(plannerInvitationsOf(ctx.actor.userId), after(query.cursor)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(PLANNER_INVITATION_PAGE_SIZE + 1);
  const page = rows.slice(0, PLANNER_INVITATION_PAGE_SIZE);
  const last = page[page.length - 1];
  const now = ctx.clock.now();
  return {
    items: page.map((r) => toPlannerInvitation(r, now)),
    nextCursor: rows.length > PLANNER_INVITATION_PAGE_SIZE && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}
