import { useCallback, useEffect, useState } from 'react';
import type { TActivationReviewState } from '../../../core/activation-review.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { activationReviewApi } from './api.ts';
import { ReviewFacts } from './review-facts.tsx';
import { useReasonAction } from './use-reason-action.ts';

/**
 * The estate administrator's estate page: the owner's "I am alive" review, and "Propose reversal"
 * while it is open. A platform admin — another person — decides (ADR 0075).
 */
export function ProposeReversalCard({ estateId }: { estateId: string }) {
  const [state, setState] = useState<TActivationReviewState | null>(null);
  const action = useReasonAction();
  const load = useCallback(() => {
    activationReviewApi.ofEstate(estateId).then(setState, () => setState(null));
  }, [estateId]);
  useEffect(load, [load]);

  if (!state?.review) return null;
  return (
    <Card title="The owner says this activation is a mistake" description="Check it with the owner (call them, see them). Nothing changes until a platform admin approves your proposal.">
      <div className="space-y-4 px-5 py-4 sm:px-6">
        <ReviewFacts review={state.review} />
        {state.mayPropose && (
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void action.run((reason) => activationReviewApi.propose(estateId, reason), load);
            }}
          >
            <TextAreaField
              label="How you checked it"
              hint="For example: who you spoke to, and how you know the owner is alive."
              value={action.reason}
              onChange={(event) => action.setReason(event.target.value)}
              maxLength={1000}
              rows={3}
            />
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
