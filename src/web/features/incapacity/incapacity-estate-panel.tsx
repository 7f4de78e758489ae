import { useEffect, useId, useState } from 'react';
import type { TIncapacityState } from '../../../core/incapacity.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { incapacityApi } from './api.ts';

/**
 * On a linked person's estate page while the estate is in incapacity mode: what it means for them,
 * and — for a trustee the owner named — "End incapacity mode" (the server checks who may; ADR 0048).
 */
export function IncapacityEstatePanel({ estateId, status, onChanged }: { estateId: string; status?: string | undefined; onChanged?: () => void }) {
  const headingId = useId();
  const [state, setState] = useState<TIncapacityState | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    // A page that knows the status asks only in incapacity mode; one that does not (the planner's) asks.
    if (status !== undefined && status !== 'incapacity') return;
    let stopped = false;
    incapacityApi
      .stateOf(estateId)
      .then((s) => !stopped && setState(s))
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [estateId, status]);

  async function end() {
    setBusy(true);
    try {
      const next = await incapacityApi.endFor(estateId);
      setState(next);
      setNotice({ tone: 'success', text: `Incapacity mode has ended: ${next.ownerName}'s estate is back in planning. ${next.ownerName} and the people they chose have been told.` });
      onChanged?.();
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof ApiError ? e.message : 'That did not work. Please try again.' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  if (notice) return <Alert tone={notice.tone}>{notice.text}</Alert>;
  if ((status ?? state?.status) !== 'incapacity') return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-violet-50 p-5 ring-1 ring-violet-200 ring-inset">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} className="font-semibold text-violet-950">
            Incapacity mode
          </h2>
          <p className="text-sm text-violet-950">
            This estate is in incapacity mode. What the owner chose to open to you is shown read-only, for as long as it lasts. Nothing kept
            for after their death is released.
          </p>
        </div>
        {state?.canEnd && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            End incapacity mode
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="End incapacity mode?"
        description={`${state?.ownerName ?? 'The owner'}'s estate goes back to planning: the temporary, read-only access closes at once and nothing is lost.`}
        confirmLabel="End incapacity mode"
        busy={busy}
        onConfirm={() => void end()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
