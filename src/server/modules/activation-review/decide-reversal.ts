import { and, eq, inArray } from 'drizzle-orm';
import type { TActivationReview } from '../../../core/activation-review.schemas.ts';
import type { Ctx } from '../../context.ts';
import { activationReviews } from '../../db/schema/activation-reviews.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { administratorsOf } from '../../access/estate-roles.ts';
import { linkedUsersOf } from '../../access/policy.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { activationReversedNotice } from '../../mail/templates/activation-reversed.ts';
import { announceTransition, applyTransition } from '../../lifecycle/transition-estate.ts';
import { notify, notifyAll } from '../../notices/notify.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { latestReviewView, type ReviewRow } from './activation-review-view.ts';

type Decision = { approve: true; reason: string } | { approve: false; reason: string };

/**
 * A platform admin decides a proposed reversal (ADR 0075). The decider must be a different person
 * from the one who proposed it — holding both roles does not let one person do both (403). The
 * review row is locked first, so two approvals at once apply exactly one transition; a review that
 * was never proposed, or is already decided, is a 409.
 * Approved: the estate goes back to planning through the lifecycle's one enforcer (activation_reversed,
 * which also takes back what activation released), the verified report is withdrawn, and the owner,
 * the beneficiaries, the trustees and the administrators are told — all in one transaction.
 * Rejected: the estate stays active; the owner and the administrators are told.
 */
export async function decideReversal(ctx: Ctx, reviewId: string, decision: Decision): Promise<TActivationReview> {
  const now = ctx.clock.now();
  const estateId = await inMailTransaction(ctx, async (tx) => {
    const [review] = await tx.db.select().from(activationReviews).where(eq(activationReviews.id, reviewId)).for('update');
    if (!review) throw notFound('That review');
    assertDecidable(ctx.actor.userId, review);
    const status = decision.approve ? 'approved' : 'rejected';
    await tx.db
      .update(activationReviews)
      .set({ status, decidedBy: ctx.actor.userId, decidedAt: now, decisionReason: decision.reason })
      .where(eq(activationReviews.id, reviewId));
    const [owner] = await tx.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(estates)
      .innerJoin(users, eq(users.id, estates.ownerId))
      .where(eq(estates.id, review.estateId));
    const staff = [...(await administratorsOf(tx.db, review.estateId)), ...(review.proposedBy ? [review.proposedBy] : [])];
    if (!decision.approve) {
      await audit(tx, { action: 'estate.activation_reversal_rejected', estateId: review.estateId, targetType: 'activation_review', targetId: reviewId });
      if (owner) await notify(tx, { userId: owner.id, type: 'security', message: 'Two staff members checked your request: your estate stays active. Contact your estate administrator if this is wrong.', link: '/estate-owner' });
      await notifyAll(tx, staff, { type: 'estate', message: `The proposed reversal of ${owner?.name ?? 'an owner'}'s activation was rejected: the estate stays active.`, link: `/estate-administrator/estates/${review.estateId}` });
      return review.estateId;
    }
    const applied = await applyTransition(tx.db, ctx, review.estateId, 'activation_reversed');
    await tx.db
      .update(estateReports)
      .set({ status: 'withdrawn', resolvedAt: now })
      .where(and(eq(estateReports.estateId, review.estateId), inArray(estateReports.status, ['open', 'verified'])));
    await announceTransition(tx, applied);
    await audit(tx, {
      action: 'estate.activation_reversed',
      estateId: review.estateId,
      targetType: 'activation_review',
      targetId: reviewId,
      details: { reviewId, proposedBy: review.proposedBy, approvedBy: ctx.actor.userId },
    });
    await tellEveryoneOfReversal(tx, review, owner, staff);
    return review.estateId;
  });
  return (await latestReviewView(ctx.db, estateId))!;
}

function assertDecidable(actorId: string, review: ReviewRow): void {
  if (review.status === 'open') throw conflict('The estate administrator has not proposed this reversal yet, so there is nothing to approve.');
  if (review.status !== 'proposed') throw conflict('This review was already decided.');
  if (review.proposedBy === actorId || review.openedBy === actorId) {
    throw forbidden('You proposed this reversal, so a different platform admin must approve or reject it. Two people are needed.');
  }
}

async function tellEveryoneOfReversal(
  tx: Ctx,
  review: ReviewRow,
  owner: { id: string; name: string; email: string } | undefined,
  staff: string[],
): Promise<void> {
  const name = owner?.name ?? 'The owner';
  await notifyAll(tx, await linkedUsersOf(tx.db, review.estateId), {
    type: 'estate',
    message: `${name}'s estate was activated by mistake and is back in planning. What was released after the activation is no longer shared with you.`,
    fromName: name,
  });
  await notifyAll(
    tx,
    (await trusteesOf(tx.db, review.estateId)).map((t) => t.userId),
    { type: 'estate', message: `${name}'s estate was activated by mistake: two staff members reversed it, and it is back in planning.` },
  );
  await notifyAll(tx, staff, { type: 'estate', message: `The activation of ${name}'s estate was reversed: it is back in planning.`, link: `/estate-administrator/estates/${review.estateId}` });
  if (!owner) return;
  const { systemName } = await getSystemSettings(tx.db);
  const { inApp, mail } = activationReversedNotice({ systemName, name: owner.name });
  await notify(tx, { userId: owner.id, type: 'security', message: inApp, link: '/estate-owner' });
  await tx.mailer.send({ to: owner.email, ...mail }, { db: tx.db, idempotencyKey: `activation-reversed.${review.id}` });
}
