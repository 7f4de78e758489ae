import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { hasUnsavedChanges, useHasUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Asks before leaving a screen whose guarded form (useUnsavedChangesGuard) holds unsaved changes:
 * in-app navigation to another screen waits for "Leave without saving"; closing or reloading the
 * tab gets the browser's own question. Mounted once, in the persona layout (a router has one blocker).
 */
export function UnsavedChangesPrompt() {
  const changed = useHasUnsavedChanges();
  // Only leaving the screen counts: query parameters (an open dialog, a tab) are the same screen.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      description="You have changes that are not saved yet. If you leave now, they are lost."
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
