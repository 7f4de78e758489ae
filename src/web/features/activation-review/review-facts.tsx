import { ACTIVATION_REVIEW_STATUS_LABELS, type TActivationReview } from '../../../core/activation-review.schemas.ts';
import { formatDate } from '../../lib/dates.ts';

/** What a staff member needs to know of a review: who asked when, who proposed and why, the decision. */
export function ReviewFacts({ review }: { review: TActivationReview }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-stone-700">Status</dt>
      <dd>{ACTIVATION_REVIEW_STATUS_LABELS[review.status]}</dd>
      <dt className="font-semibold text-stone-700">The owner asked</dt>
      <dd>{formatDate(review.openedAt)}</dd>
      {review.proposedAt && (
        <>
          <dt className="font-semibold text-stone-700">Proposed</dt>
          <dd>
            {formatDate(review.proposedAt)} by {review.proposedByName ?? 'a former staff member'}: “{review.proposalReason}”
          </dd>
        </>
      )}
      {review.decidedAt && (
        <>
          <dt className="font-semibold text-stone-700">Decided</dt>
          <dd>
            {formatDate(review.decidedAt)} by {review.decidedByName ?? 'a former staff member'}: “{review.decisionReason}”
          </dd>
        </>
      )}
    </dl>
  );
}
