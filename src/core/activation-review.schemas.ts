/**
 * "This is a mistake — I am alive" (ADR 0075): the review of a mistaken activation. Routes (under /api/v1):
 *
 *   GET  estate/activation-review                          the owner's view                     → ZOwnerActivationReview
 *   POST estate/activation-review                          the owner opens one (changes nothing) → ZOwnerActivationReview
 *   GET  estate-admin/estates/:id/activation-review        the estate's administrator           → ZActivationReviewState
 *   POST estate-admin/estates/:id/activation-review/propose  { reason }                        → ZActivationReview
 *   GET  admin/activation-reviews                          platform admins: the undecided ones  → ZActivationReviewList
 *   POST admin/activation-reviews/:id/approve | reject  { reason }                             → ZActivationReview
 */
import { z } from 'zod';
import { zRequiredText } from './beneficiaries.schemas.ts';

export const ACTIVATION_REVIEW_STATUSES = ['open', 'proposed', 'approved', 'rejected'] as const;
export type ActivationReviewStatus = (typeof ACTIVATION_REVIEW_STATUSES)[number];

export const ACTIVATION_REVIEW_STATUS_LABELS: Record<ActivationReviewStatus, string> = {
  open: 'Waiting for the estate administrator to check it',
  proposed: 'Reversal proposed — waiting for a platform admin',
  approved: 'Reversed — the estate is back in planning',
  rejected: 'Rejected — the estate stays active',
};

export const ZActivationReview = z.object({
  id: z.string(),
  estateId: z.string(),
  ownerName: z.string(),
  /** tells two owners of the same name apart on the platform admins' list */
  ownerEmail: z.string(),
  status: z.enum(ACTIVATION_REVIEW_STATUSES),
  openedAt: z.string(),
  proposedAt: z.string().nullable(),
  proposedByName: z.string().nullable(),
  proposalReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type TActivationReview = z.infer<typeof ZActivationReview>;

/** The estate administrator's estate page: the latest review, and whether this person may propose it. */
export const ZActivationReviewState = z.object({ review: ZActivationReview.nullable(), mayPropose: z.boolean() });
export type TActivationReviewState = z.infer<typeof ZActivationReviewState>;

/** The owner's view: whether the estate is active (the button is offered) and the latest review, without staff names. */
export const ZOwnerActivationReview = z.object({
  estateActive: z.boolean(),
  review: z.object({ status: z.enum(ACTIVATION_REVIEW_STATUSES), openedAt: z.string(), decidedAt: z.string().nullable() }).nullable(),
});
export type TOwnerActivationReview = z.infer<typeof ZOwnerActivationReview>;

export const ZActivationReviewList = z.object({ items: z.array(ZActivationReview) });
export type TActivationReviewList = z.infer<typeof ZActivationReviewList>;

export const ZActivationReviewReason = z.object({ reason: zRequiredText(1000) }).strict();
export type TActivationReviewReason = z.infer<typeof ZActivationReviewReason>;
