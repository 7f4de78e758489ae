import { and, eq } from 'drizzle-orm';
import type { TActivationReview, TActivationReviewState } from '../../../core/activation-review.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { activationReviews } from '../../db/schema/activation-reviews.ts';
import { administers } from '../../access/estate-roles.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { raiseAdminAlert } from '../../notices/raise-admin-alert.ts';
import { notifyAll } from '../../notices/notify.ts';
import { activeAdminIds } from '../../access/active-admins.ts';
import { latestReview, latestReviewView } from './activation-review-view.ts';
import { lockEstate } from '../../lib/estate-lock.ts';

/** Only an administrator of this very estate; anyone else's estate is "not found". */
async function assertAdministers(ctx: Ctx, db: Db, estateId: string): Promise<void> {
  if (!(await administers(db, ctx.actor.userId, estateId))) throw notFound('That estate');
}

/** The estate administrator's estate page: the latest review and whether they may propose the reversal now. */
export async function getEstateActivationReview(ctx: Ctx, estateId: string): Promise<TActivationReviewState> {
  await assertAdministers(ctx, ctx.db, estateId);
  const review = await latestReviewView(ctx.db, estateId);
  return { review, mayPropose: review?.status === 'open' };
}

/**
 * The estate's administrator checked the owner's "I am alive" and proposes reversing the activation
 * (ADR 0075). Nothing changes yet: a different person, a platform admin, must approve. Audited; every
 * platform admin is told, in the same transaction.
 */
export async function proposeReversal(ctx: Ctx, estateId: string, reason: string): Promise<TActivationReview> {
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    await assertAdministers(ctx, tx.db, estateId);
    // The estate row first, as every lifecycle change takes its locks.
    await lockEstate(tx.db, estateId);
    const [proposed] = await tx.db
      .update(activationReviews)
      .set({ status: 'proposed', proposedBy: ctx.actor.userId, proposedAt: now, proposalReason: reason })
      .where(and(eq(activationReviews.estateId, estateId), eq(activationReviews.status, 'open')))
      .returning();
    if (!proposed) {
      const latest = await latestReview(tx.db, estateId);
      if (latest?.status === 'proposed') throw conflict('The reversal is already proposed: it now waits for a platform admin.');
      throw conflict('The owner has not asked for a review of this activation, so there is nothing to propose.');
    }
    await audit(tx, { action: 'estate.activation_reversal_proposed', estateId, targetType: 'activation_review', targetId: proposed.id, details: { reviewId: proposed.id } });
    await notifyAll(tx, await activeAdminIds(tx.db), {
      type: 'security',
      message: `${ctx.actor.name}, an estate administrator, proposes reversing an estate's activation made by mistake. A platform admin other than ${ctx.actor.name} must approve or reject it on Estates.`,
      link: '/admin/estates',
    });
    await raiseAdminAlert(tx, {
      type: 'security',
      message: `${ctx.actor.name} proposes reversing a mistaken activation: it waits for a platform admin's approval`,
      dedupeKey: `activation-reversal-proposed:${proposed.id}`,
      details: { estateId, reviewId: proposed.id },
    });
  });
  return (await latestReviewView(ctx.db, estateId))!;
}
