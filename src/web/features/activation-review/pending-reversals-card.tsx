import { useCallback, useEffect, useState } from 'react';
import type { TActivationReview } from '../../../core/activation-review.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { activationReviewApi } from './api.ts';
import { ReviewFacts } from './review-facts.tsx';
import { useReasonAction } from './use-reason-action.ts';

/** Platform admins: the owners' "I am alive" reviews not yet decided, with Approve / Reject on proposed ones (ADR 0075). */
export function PendingReversalsCard() {
  const [reviews, setReviews] = useState<TActivationReview[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const load = useCallback(() => {
    activationReviewApi.undecided().then((list) => setReviews(list.items), () => setReviews(null));
  }, []);
  useEffect(load, [load]);

  if (!reviews?.length && !notice) return null;
  return (
    <Card title="Activations reported as a mistake" description="The estate’s administrator proposes a reversal; a different platform admin approves or rejects it.">
      <div className="space-y-6 px-5 py-4 sm:px-6">
        <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
        {reviews?.map((review) => (
          <PendingReversal
            key={review.id}
            review={review}
            onDecided={(text) => {
              setNotice(text);
              load();
            }}
          />
        ))}
      </div>
    </Card>
  );
}

function PendingReversal({ review, onDecided }: { review: TActivationReview; onDecided: (text: string) => void }) {
  const action = useReasonAction();
  const decide = (approve: boolean) =>
    action.run(
      (reason) => activationReviewApi.decide(review.id, approve, reason),
      () => onDecided(approve ? `${review.ownerName}’s estate is back in planning; everyone affected was told.` : `${review.ownerName}’s estate stays active.`),
    );
  return (
    <article className="space-y-3 border-b border-stone-100 pb-6 last:border-0 last:pb-0" aria-label={`${review.ownerName}’s estate`}>
      <h3 className="font-semibold text-stone-900">{review.ownerName}</h3>
      <ReviewFacts review={review} />
      {review.status === 'proposed' ? (
        <>
          <TextAreaField label="Your reason" value={action.reason} onChange={(event) => action.setReason(event.target.value)} maxLength={1000} rows={2} />
          {action.error && <Alert tone="error">{action.error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void decide(true)} loading={action.busy}>
              Approve reversal
            </Button>
            <Button variant="secondary" onClick={() => void decide(false)} disabled={action.busy}>
              Reject
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-stone-600">Waiting for the estate’s administrator to check it and propose the reversal.</p>
      )}
    </article>
  );
}
