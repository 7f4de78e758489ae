import { useCallback, useState } from 'react';
import { ApiError } from './api.ts';

/**
 * One async action at a time for a dialog or form: `busy` while it runs; an ApiError's message
 * lands in `error` (anything else is rethrown to the route's error screen). Resolves true on success.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
