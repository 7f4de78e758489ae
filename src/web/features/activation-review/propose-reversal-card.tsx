import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActivationReviewStatus, TActivationReviewState } from '../../../core/activation-review.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { activationReviewApi } from './api.ts';
import { ReasonField } from './reason-field.tsx';
import { ReviewFacts } from './review-facts.tsx';
import { useReasonAction } from './use-reason-action.ts';

const TITLES: Record<ActivationReviewStatus, string> = {
  open: 'The owner says this activation is a mistake',
  proposed: 'The owner says this activation is a mistake',
  approved: 'The activation was undone',
  rejected: 'The owner’s request was rejected',
};

/**
 * The estate administrator's estate page: the owner's "I am alive" review, and "Propose reversal"
 * while it is open. A platform admin — another person — decides (ADR 0075).
 */
export function ProposeReversalCard({ estateId }: { estateId: string }) {
  const [state, setState] = useState<TActivationReviewState | null>(null);
  const [proposed, setProposed] = useState(false);
  const done = useRef<HTMLDivElement>(null);
  const action = useReasonAction('Write how you checked it first: it is kept in the estate’s audit record.');
  const load = useCallback(() => {
    activationReviewApi.ofEstate(estateId).then(setState, () => setState(null));
  }, [estateId]);
  useEffect(load, [load]);
  useEffect(() => {
    if (proposed) done.current?.focus();
  }, [proposed]);

  if (!state?.review) return null;
  const { review } = state;
  const deciding = review.status === 'open' || review.status === 'proposed';
  return (
    <Card
      title={TITLES[review.status]}
      description={
        deciding
          ? `${review.ownerName} signed in and says they are alive. Check it with them yourself — call them or see them — before you propose undoing the activation. Nothing changes until a platform admin, another person, approves.`
          : undefined
      }
    >
      <div className="space-y-4">
        <ReviewFacts review={review} />
        {proposed && (
          <div ref={done} tabIndex={-1} className="focus:outline-none">
            <Alert tone="success">Your proposal was sent. A platform admin will approve or reject it; you will be told.</Alert>
          </div>
        )}
        {state.mayPropose && (
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void action.run((reason) => activationReviewApi.propose(estateId, reason)).then((sent) => {
                if (!sent) return;
                setProposed(true);
                load();
              });
            }}
          >
            <ReasonField action={action} label="How you checked it" hint="Who you spoke to, when, and how you know the owner is alive. It is kept in the estate’s audit record." rows={3} />
            {action.error && <Alert tone="error">{action.error}</Alert>}
            <Button type="submit" loading={action.busy}>
              Propose reversal
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}
