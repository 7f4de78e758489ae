import { and, eq } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { audit } from '../../lib/audit.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { notifyAll } from '../../notices/notify.ts';

/**
 * A sign-in to the account of an active estate (ADR 0075): either the owner is alive and the
 * activation was a mistake, or someone else holds their password. Every such sign-in is audited in
 * the estate's chain; the estate's administrators get one high-priority alert and the trustees one
 * notice per estate per calendar day (UTC), however many sign-ins that day brings.
 * Run with `ctx.db` being the sign-in's transaction, so the session and these notices commit together.
 */
export async function noteSignInAfterActivation(ctx: BaseCtx, user: { id: string; name: string }): Promise<void> {
  const [estate] = await ctx.db
    .select({ id: estates.id })
    .from(estates)
    .where(and(eq(estates.ownerId, user.id), eq(estates.status, 'active')));
  if (!estate) return;
  const now = ctx.clock.now();
  await audit(ctx, { action: 'estate.signed_in_after_activation', actorUserId: user.id, estateId: estate.id, targetType: 'estate', targetId: estate.id });
  const raised = await raiseAlert(ctx, {
    estateId: estate.id,
    type: 'security',
    priority: 'high',
    message: `Someone signed in to ${user.name}'s account after the estate was activated. If ${user.name} is alive, they can ask for a review from their dashboard; if not, someone else may know the password.`,
    dedupeKey: `signed-in-after-activation:${estate.id}:${now.toISOString().slice(0, 10)}`,
  });
  if (!raised) return;
  const trustees = await trusteesOf(ctx.db, estate.id);
  await notifyAll(
    ctx,
    trustees.map((t) => t.userId),
    {
      type: 'security',
      message: `Someone signed in to ${user.name}'s account after the estate was activated. The estate administrator has been told. If you know ${user.name} is alive, tell the estate administrator.`,
      fromName: user.name,
    },
  );
}
