import { HeartIcon } from '@heroicons/react/24/outline';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { incapacityApi } from './api.ts';

/**
 * The top of the owner's dashboard while their estate is in incapacity mode: what it means, and the
 * "I'm back" button that ends it (the estate returns to planning; nothing is lost).
 */
export function ImBackBanner({ inIncapacity, onBack }: { inIncapacity: boolean; onBack: () => void }) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function back() {
    setBusy(true);
    setResult(null);
    try {
      await incapacityApi.imBack();
      setResult({ tone: 'success', text: 'Welcome back. Incapacity mode has ended: the temporary access is closed and your estate is back in planning.' });
      onBack();
    } catch (e) {
      setResult({ tone: 'error', text: e instanceof ApiError ? e.message : 'That did not work. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  if (result) return <Alert tone={result.tone}>{result.text}</Alert>;
  if (!inIncapacity) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-violet-50 p-5 ring-1 ring-violet-200 ring-inset">
      <div className="flex flex-wrap items-start gap-4">
        <HeartIcon aria-hidden="true" className="size-6 shrink-0 text-violet-800" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id={headingId} className="font-semibold text-violet-950">
            Your estate is in incapacity mode
          </h2>
          <p className="text-sm text-violet-950">
            Medical documentation of your incapacity was verified. The people you chose can read what you chose for them, read-only. Nothing
            kept for after your death is released and no letter is delivered.
          </p>
        </div>
        <Button onClick={() => void back()} loading={busy}>
          I’m back
        </Button>
      </div>
    </section>
  );
}
