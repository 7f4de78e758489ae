import { useCallback, useState } from 'react';
import { ApiError } from './api.ts';
import type { FieldErrors } from './form.ts';

/**
 * One async action at a time for a dialog or form: `busy` while it runs; an ApiError's message
 * lands in `error` and its per-field messages in `fields` (anything else is rethrown to the
 * route's error screen). Resolves true on success. Forms put their own checks' messages in
 * `fields` too (`setFields(fieldErrorsFromIssues(...))`), so one state feeds the fields' errors.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const run = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFields(e.fields ?? {});
      setError(e.message);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, fields, setFields, run };
}
