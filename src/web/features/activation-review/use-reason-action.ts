import { useRef, useState } from 'react';
import { useAction } from '../../lib/use-action.ts';

/**
 * A staff action that needs a written reason (ADR 0075): the reason, and run(), which refuses an
 * empty one at the field (and puts the cursor there) before asking the server. `field` goes on the
 * element around the reason's text area.
 */
export function useReasonAction(missing: string) {
  const [reason, setReason] = useState('');
  const field = useRef<HTMLDivElement>(null);
  const action = useAction();

  async function run(send: (reason: string) => Promise<unknown>): Promise<boolean> {
    const text = reason.trim();
    if (!text) {
      action.setError(null);
      action.setFields({ reason: missing });
      field.current?.querySelector('textarea')?.focus();
      return false;
    }
    action.setFields({});
    const done = await action.run(() => send(text));
    if (done) setReason('');
    return done;
  }
  return { reason, setReason, field, busy: action.busy, error: action.error, reasonError: action.fields.reason, run };
}
