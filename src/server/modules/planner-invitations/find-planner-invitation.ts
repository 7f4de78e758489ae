import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { notFound } from '../../lib/app-error.ts';
import { plannerInvitationsOf, type InvitationRow } from '../../invitations/planner-invitation-view.ts';

/** One of the planner's own invitations; another's (or none) is 404. `lock` takes the row for update. */
export async function findPlannerInvitation(ctx: Pick<Ctx, 'db' | 'actor'>, id: string, lock = false): Promise<InvitationRow> {
  const query = ctx.db.select().from(invitations).where(and(eq(invitations.id, id), plannerInvitationsOf(ctx.actor.userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('That invitation');
  return row;
}
