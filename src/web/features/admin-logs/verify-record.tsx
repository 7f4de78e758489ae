import { ShieldCheckIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TAuditVerification } from '../../../core/audit-integrity.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { verifyAuditRecord } from './api.ts';

type State = { kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; result: TAuditVerification } | { kind: 'failed'; message: string };

/** "Verify audit record": checks every hash chain of the audit log and says, in words, what it found. */
export function VerifyRecord() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'checking' });
    try {
      setState({ kind: 'done', result: await verifyAuditRecord() });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'The check could not run. Try again.' });
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">
        Every entry carries the fingerprint of the one before it, per estate. The check recomputes them all and names the first entry that was changed, removed or
        moved.
      </p>
      <Button variant="secondary" onClick={() => void run()} loading={state.kind === 'checking'}>
        <ShieldCheckIcon aria-hidden="true" className="size-5 text-stone-500" />
        Verify audit record
      </Button>
      <div aria-live="polite">
        {state.kind === 'checking' && <p className="text-sm text-stone-700">Checking every entry of the audit record, oldest first…</p>}
        {state.kind === 'done' && state.result.intact && (
          <Alert tone="success">
            {state.result.message}
            {state.result.erasedRows > 0 && ` ${state.result.erasedRows} entries were erased by account deletions: their place in the chain was checked, not their content.`}
          </Alert>
        )}
      </div>
      {state.kind === 'done' && !state.result.intact && <Alert tone="error">The audit record is broken. {state.result.message}</Alert>}
      {state.kind === 'failed' && <Alert tone="error">{state.message}</Alert>}
    </div>
  );
}
