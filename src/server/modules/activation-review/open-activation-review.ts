import { eq } from 'drizzle-orm';
import type { ActivationReviewStatus, TOwnerActivationReview } from '../../../core/activation-review.schemas.ts';
import type { Ctx } from '../../context.ts';
import { activationReviews } from '../../db/schema/activation-reviews.ts';
import { estates } from '../../db/schema/estates.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { raiseAdminAlert } from '../../notices/raise-admin-alert.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { notifyAll } from '../../notices/notify.ts';
import { activeAdminIds } from '../../access/active-admins.ts';
import { latestReview, UNDECIDED, type ReviewRow } from './activation-review-view.ts';
import { lockEstate } from '../../lib/estate-lock.ts';

const ownerView = (estateActive: boolean, review: ReviewRow | null): TOwnerActivationReview => ({
  estateActive,
  review: review ? { status: review.status as ActivationReviewStatus, openedAt: review.openedAt.toISOString(), decidedAt: review.decidedAt?.toISOString() ?? null } : null,
});

/** The owner's view: is the estate active (the "I am alive" button is offered), and their latest review. */
export async function getOwnActivationReview(ctx: Ctx): Promise<TOwnerActivationReview> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [estate] = await ctx.db.select({ status: estates.status }).from(estates).where(eq(estates.id, estateId));
  if (!estate) throw notFound('Your estate');
  return ownerView(estate.status === 'active', await latestReview(ctx.db, estateId));
}

/**
 * "This is a mistake — I am alive" (ADR 0075): opens a review of the activation and changes nothing
 * else. Audited in the estate's chain; the estate's administrators get a high-priority alert and
 * every platform admin a notice and a dashboard alert, all in one transaction. A review already
 * waiting is answered with 409.
 */
export async function openActivationReview(ctx: Ctx): Promise<TOwnerActivationReview> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const estate = await lockEstate(tx.db, estateId);
    if (!estate) throw notFound('Your estate');
    if (estate.status !== 'active') throw conflict('Your estate is not active, so there is no activation to review.');
    const pending = await latestReview(tx.db, estateId);
    if (pending && UNDECIDED.includes(pending.status as ActivationReviewStatus)) {
      throw conflict('You have already asked for a review. Your estate administrator is checking it.');
    }
    const [review] = await tx.db.insert(activationReviews).values({ estateId, openedBy: ctx.actor.userId, openedAt: now, status: 'open' }).returning();
    await audit(tx, { action: 'estate.activation_review_opened', estateId, targetType: 'activation_review', targetId: review!.id });
    const message = `${ctx.actor.name} signed in and says the activation of their estate is a mistake: they are alive. Check it and, if it is right, propose the reversal.`;
    await raiseAlert(tx, { estateId, type: 'activation', priority: 'high', message, dedupeKey: `activation-review:${review!.id}` });
    await notifyAll(tx, await activeAdminIds(tx.db), {
      type: 'security',
      message: `${ctx.actor.name} says the activation of their estate is a mistake. Their estate administrator checks it first; a reversal then needs a platform admin's approval.`,
      link: '/admin/estates',
    });
    await raiseAdminAlert(tx, {
      type: 'security',
      message: `${ctx.actor.name} asked for a review of their estate's activation ("I am alive")`,
      dedupeKey: `activation-review:${review!.id}`,
      details: { estateId, reviewId: review!.id },
    });
  });
  return getOwnActivationReview(ctx);
}
