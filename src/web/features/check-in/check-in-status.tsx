import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { TCheckIn } from '../../../core/check-in.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useAction } from '../../lib/use-action.ts';
import { checkInApi, checkInSummary } from './api.ts';

/** The owner dashboard's check-in line: the next due date (or paused / off) and an "I'm here" button. */
export function CheckInStatus() {
  const [current, setCurrent] = useState<TCheckIn | null>(null);
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAction();

  useEffect(() => {
    void run(async () => setCurrent(await checkInApi.get()));
  }, [run]);

  if (!current) return error ? <Alert tone="error">{error}</Alert> : null;
  return (
    <section aria-label="Check-in" className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-white px-5 py-4 shadow-xs ring-1 ring-stone-200">
      <CheckCircleIcon aria-hidden="true" className="size-6 shrink-0 text-accent-icon" />
      <p className="min-w-0 flex-1 basis-60 text-sm text-stone-700" aria-live="polite">
        {done && <strong className="font-semibold text-stone-900">Thank you, you are checked in. </strong>}
        {checkInSummary(current)}
      </p>
      {current.state === 'off' ? (
        <Link to="/estate-owner/settings" className="text-sm font-semibold text-accent-text hover:underline">
          Set up check-in
        </Link>
      ) : (
        <Button
          size="sm"
          loading={busy}
          onClick={() =>
            void run(async () => {
              setCurrent(await checkInApi.imHere());
              setDone(true);
            })
          }
        >
          I&apos;m here
        </Button>
      )}
      {error && (
        <div className="basis-full">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </section>
  );
}
