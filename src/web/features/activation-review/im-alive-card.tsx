import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useRef, useState } from 'react';
import type { TOwnerActivationReview } from '../../../core/activation-review.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useAction } from '../../lib/use-action.ts';
import { activationReviewApi } from './api.ts';

/** How long the owner's dashboard still says that the activation was undone. */
const REVERSAL_SHOWN_MS = 30 * 24 * 60 * 60_000;

/**
 * The owner's dashboard while their estate is active, under the frozen-estate banner (ADR 0074):
 * "This is a mistake — I am alive" opens a review (ADR 0075); it changes nothing by itself. Then,
 * where the review stands; once two staff members undo the activation, a month of "it was undone".
 */
export function ImAliveCard() {
  const headingId = useId();
  const [state, setState] = useState<TOwnerActivationReview | null>(null);
  const [asked, setAsked] = useState(false);
  const waiting = useRef<HTMLParagraphElement>(null);
  const action = useAction();

  useEffect(() => {
    let live = true;
    activationReviewApi.own().then(
      (s) => live && setState(s),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (asked) waiting.current?.focus();
  }, [asked]);

  async function ask() {
    if (await action.run(async () => setState(await activationReviewApi.open()))) setAsked(true);
  }

  if (!state) return null;
  const review = state.review;
  if (!state.estateActive) {
    const undone = review?.status === 'approved' && review.decidedAt && Date.now() - Date.parse(review.decidedAt) < REVERSAL_SHOWN_MS;
    return undone ? (
      <Alert tone="success">
        Two of our staff members agreed that your estate was activated by mistake, and undid it on {formatDate(review.decidedAt!)}. Your estate is back in
        planning and you can change it again. Your family was told; emails already sent and files already downloaded cannot be taken back.
      </Alert>
    ) : null;
  }
  const pending = review?.status === 'open' || review?.status === 'proposed';
  return (
    <section aria-labelledby={headingId} className="flex gap-3 rounded-xl bg-amber-50 p-5 ring-1 ring-amber-200 ring-inset sm:gap-4">
      <ExclamationTriangleIcon aria-hidden="true" className="size-6 shrink-0 text-amber-800" />
      <div className="min-w-0 flex-1 space-y-3">
        <h2 id={headingId} className="font-semibold text-amber-950">
          {pending ? 'You told us this is a mistake' : 'Is this a mistake?'}
        </h2>
        {pending ? (
          <p ref={waiting} tabIndex={-1} className="text-sm text-amber-950 focus:outline-none">
            {review.status === 'open'
              ? `You asked on ${formatDate(review.openedAt)}. Your estate administrator will contact you to check it. `
              : 'Your estate administrator checked it and asked for the activation to be undone; a second staff member now decides. '}
            Nothing changes until two of our staff members agree. We will let you know when they have decided.
          </p>
        ) : (
          <>
            <p className="text-sm text-amber-950">
              Your family was told of your passing, and what you left for them was released. If you are alive, tell us: your estate administrator
              will contact you to check, and only two of our staff members together can undo the activation.
              {review?.status === 'rejected' && ` When you asked before, it was checked and the estate stayed active (${formatDate(review.decidedAt ?? review.openedAt)}).`}
            </p>
            {action.error && <Alert tone="error">{action.error}</Alert>}
            <Button onClick={() => void ask()} loading={action.busy}>
              This is a mistake — I am alive
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
