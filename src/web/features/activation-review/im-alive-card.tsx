import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useState } from 'react';
import type { TOwnerActivationReview } from '../../../core/activation-review.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { activationReviewApi } from './api.ts';

const WAITING = 'We have asked your estate administrator to check this. Nothing is changed until two staff members confirm it.';

/**
 * The owner's dashboard while their estate is active: "This is a mistake — I am alive" opens a
 * review (ADR 0075); it changes nothing by itself. Shows where the latest review stands.
 */
export function ImAliveCard() {
  const headingId = useId();
  const [state, setState] = useState<TOwnerActivationReview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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

  async function open() {
    setBusy(true);
    setError(null);
    try {
      setState(await activationReviewApi.open());
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (!state) return null;
  const status = state.review?.status;
  if (!state.estateActive) {
    return status === 'approved' ? <Alert tone="success">Two staff members reversed the activation of your estate. It is back in planning.</Alert> : null;
  }
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-amber-50 p-5 ring-1 ring-amber-200 ring-inset">
      <div className="flex flex-wrap items-start gap-4">
        <ExclamationTriangleIcon aria-hidden="true" className="size-6 shrink-0 text-amber-800" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id={headingId} className="font-semibold text-amber-950">
            Your estate has been activated
          </h2>
          {status === 'open' || status === 'proposed' ? (
            <p className="text-sm text-amber-950" role="status">
              {WAITING}
            </p>
          ) : (
            <p className="text-sm text-amber-950">
              Your family was told of your passing and your legacy was released to them. If you are reading this, tell us: your estate
              administrator checks it, and only two staff members together can undo it.
              {status === 'rejected' ? ' Your last request was checked and the estate stayed active.' : ''}
            </p>
          )}
          {error && <Alert tone="error">{error}</Alert>}
        </div>
        {status !== 'open' && status !== 'proposed' && (
          <Button onClick={() => void open()} loading={busy}>
            This is a mistake — I am alive
          </Button>
        )}
      </div>
    </section>
  );
}
