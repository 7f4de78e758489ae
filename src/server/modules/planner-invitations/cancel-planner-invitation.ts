import { and, eq } from 'drizzle-orm';
import type { TPlannerInvitation } from '../../../core/planner-invitations.schemas.ts';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { audit } from '../../lib/audit.ts';
import { conflict } from '../../lib/app-error.ts';
import { findPlannerInvitation } from './find-planner-invitation.ts';
import { openAt, plannerInvitationsOf, toPlannerInvitation, withoutSealedToken } from '../../invitations/planner-invitation-view.ts';

/** Cancel an open invitation: its link stops working (410) and no reminder goes. */
export async function cancelPlannerInvitation(ctx: Ctx, id: string): Promise<TPlannerInvitation> {
  const now = ctx.clock.now();
  const [cancelled] = await ctx.db
    .update(invitations)
    .set({ cancelledAt: now, data: withoutSealedToken })
    .where(and(eq(invitations.id, id), plannerInvitationsOf(ctx.actor.userId), openAt(now)))
    .returning();
  if (!cancelled) {
    const current = toPlannerInvitation(await findPlannerInvitation(ctx, id), now);
    throw conflict(`This invitation is already ${current.status}: there is nothing to cancel.`);
  }
  await audit(ctx, { action: 'planner_invitation.cancelled', targetType: cancelled.kind, targetId: cancelled.id });
  return toPlannerInvitation(cancelled, now);
}
