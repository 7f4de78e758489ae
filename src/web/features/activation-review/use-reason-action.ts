import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';

/** A staff action that needs a written reason: the reason, a busy flag, its error, and run(). */
export function useReasonAction() {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: (reason: string) => Promise<unknown>, after: () => void) {
    if (!reason.trim()) {
      setError('Write the reason first: it goes into the audit record.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await action(reason.trim());
      setReason('');
      after();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return { reason, setReason, busy, error, run };
}
