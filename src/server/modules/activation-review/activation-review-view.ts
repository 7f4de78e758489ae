import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivationReviewStatus, TActivationReview } from '../../../core/activation-review.schemas.ts';
import type { Db } from '../../db/client.ts';
import { activationReviews } from '../../db/schema/activation-reviews.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';

export type ReviewRow = typeof activationReviews.$inferSelect;

export const UNDECIDED: ActivationReviewStatus[] = ['open', 'proposed'];

const owner = alias(users, 'review_owner');
const proposer = alias(users, 'review_proposer');
const decider = alias(users, 'review_decider');

/** Reviews with the names a staff screen shows (owner, proposer, decider), newest first. */
export async function reviewViews(db: Db, where: ReturnType<typeof and>, limit = 100): Promise<TActivationReview[]> {
  const rows = await db
    .select({ review: activationReviews, ownerName: owner.name, ownerEmail: owner.email, proposedByName: proposer.name, decidedByName: decider.name })
    .from(activationReviews)
    .innerJoin(estates, eq(estates.id, activationReviews.estateId))
    .innerJoin(owner, eq(owner.id, estates.ownerId))
    .leftJoin(proposer, eq(proposer.id, activationReviews.proposedBy))
    .leftJoin(decider, eq(decider.id, activationReviews.decidedBy))
    .where(where)
    .orderBy(desc(activationReviews.openedAt))
    .limit(limit);
  return rows.map(({ review: r, ownerName, ownerEmail, proposedByName, decidedByName }) => ({
    id: r.id,
    estateId: r.estateId,
    ownerName,
    ownerEmail,
    status: r.status as ActivationReviewStatus,
    openedAt: r.openedAt.toISOString(),
    proposedAt: r.proposedAt?.toISOString() ?? null,
    proposedByName,
    proposalReason: r.proposalReason,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedByName,
    decisionReason: r.decisionReason,
  }));
}

/** The estate's latest review, if any. */
export async function latestReview(db: Db, estateId: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(activationReviews).where(eq(activationReviews.estateId, estateId)).orderBy(desc(activationReviews.openedAt)).limit(1);
  return row ?? null;
}

export async function latestReviewView(db: Db, estateId: string): Promise<TActivationReview | null> {
  const [view] = await reviewViews(db, and(eq(activationReviews.estateId, estateId)), 1);
  return view ?? null;
}

/** The undecided reviews, for the platform admins' list. */
export const undecidedReviewViews = (db: Db) => reviewViews(db, and(inArray(activationReviews.status, UNDECIDED)));
