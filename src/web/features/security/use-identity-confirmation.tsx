import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ERROR_CODES } from '../../../core/errors.ts';
import { ApiError } from '../../lib/api.ts';
import { ConfirmIdentityDialog } from './confirm-identity-dialog.tsx';

/**
 * For a screen whose action the server may refuse with CONFIRMATION_REQUIRED: `withConfirmation(call)`
 * runs the call; when the server asks, it shows "Confirm it's you" and, once confirmed, runs the call
 * again. Resolves to the call's result, or null when the user cancelled. Render `dialog` once.
 */
export function useIdentityConfirmation(purpose: ReactNode): {
  withConfirmation: <T>(call: () => Promise<T>) => Promise<T | null>;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  const withConfirmation = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T | null> => {
      try {
        return await call();
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== ERROR_CODES.confirmationRequired) throw e;
        if (!(await ask())) return null;
        return call();
      }
    },
    [ask],
  );

  const dialog = <ConfirmIdentityDialog open={open} purpose={purpose} onClose={() => finish(false)} onConfirmed={() => finish(true)} />;
  return { withConfirmation, dialog };
}
