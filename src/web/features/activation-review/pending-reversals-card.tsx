import { useCallback, useEffect, useRef, useState } from 'react';
import type { TActivationReview } from '../../../core/activation-review.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { activationReviewApi } from './api.ts';
import { ReasonField } from './reason-field.tsx';
import { ReviewFacts } from './review-facts.tsx';
import { useReasonAction } from './use-reason-action.ts';

/**
 * Platform admins: the owners' "I am alive" reviews not yet decided, with Approve / Reject on proposed
 * ones (ADR 0075). `onDecided` lets the page reload what a decision changed (the estate's status).
 */
export function PendingReversalsCard({ onDecided }: { onDecided: () => void }) {
  const [reviews, setReviews] = useState<TActivationReview[] | null>(null);
  const [notice, setNotice] = useState<{ text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const load = useCallback(() => {
    activationReviewApi.undecided().then((list) => setReviews(list.items), () => setReviews(null));
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (!reviews?.length && !notice) return null;
  return (
    <Card title="Activations reported as a mistake" description="The estate’s administrator checks with the owner and proposes undoing the activation; a different person, a platform admin, approves or rejects it.">
      <div className="space-y-6">
        {notice && (
          <div ref={noticeRef} tabIndex={-1} className="focus:outline-none">
            <Alert tone="success">{notice.text}</Alert>
          </div>
        )}
        {reviews?.map((review) => (
          <PendingReversal
            key={review.id}
            review={review}
            onDecided={(text) => {
              setNotice({ text });
              load();
              onDecided();
            }}
          />
        ))}
      </div>
    </Card>
  );
}

function PendingReversal({ review, onDecided }: { review: TActivationReview; onDecided: (text: string) => void }) {
  const action = useReasonAction('Write your reason first: it is kept in the estate’s audit record.');
  const decide = async (approve: boolean) => {
    const done = await action.run((reason) => activationReviewApi.decide(review.id, approve, reason));
    if (!done) return;
    onDecided(
      approve
        ? `${review.ownerName}’s estate is back in planning. What was released is withdrawn, and everyone affected was told.`
        : `${review.ownerName}’s estate stays active. The owner and the estate’s administrator were told.`,
    );
  };
  return (
    <article className="space-y-3 border-b border-stone-100 pb-6 last:border-0 last:pb-0" aria-labelledby={`review-${review.id}`}>
      <h3 id={`review-${review.id}`} className="font-semibold text-stone-900">
        {review.ownerName} <span className="font-normal break-all text-stone-600">· {review.ownerEmail}</span>
      </h3>
      <ReviewFacts review={review} />
      {review.status === 'proposed' ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void decide((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'approve');
          }}
        >
          <p className="text-sm text-stone-700">
            Approving puts the estate back in planning: what its activation released is withdrawn from the family, and the owner, beneficiaries, trustees and
            administrators are told. Rejecting keeps it active.
          </p>
          <ReasonField action={action} label="Your reason" hint="It is kept in the estate’s audit record, and the estate’s administrator sees it." rows={2} />
          {action.error && <Alert tone="error">{action.error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" value="approve" loading={action.busy}>
              Approve reversal
            </Button>
            <Button type="submit" value="reject" variant="secondary" disabled={action.busy}>
              Reject
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-stone-600">Waiting for the estate’s administrator to check it with the owner and propose undoing the activation.</p>
      )}
    </article>
  );
}
