import { useState, type ReactNode } from 'react';
import { ownerKeyFor } from '../../lib/owner-key.ts';
import { OwnerKitDialog } from './owner-kit-dialog.tsx';

/**
 * Runs `run` with the Owner Kit's key: at once when it was opened earlier in this visit, otherwise
 * after the owner opens their kit in the dialog this returns (render it).
 */
export function useOwnerKey(seal: { sealTag: string; recipient: string } | null): { withKey: (run: (identity: string) => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<((identity: string) => void) | null>(null);
  const withKey = (run: (identity: string) => void) => {
    const identity = seal ? ownerKeyFor(seal.sealTag) : null;
    if (identity) run(identity);
    else setPending(() => run);
  };
  const dialog =
    seal && pending ? (
      <OwnerKitDialog
        open
        seal={seal}
        onClose={() => setPending(null)}
        onOpened={(identity) => {
          setPending(null);
          pending(identity);
        }}
      />
    ) : null;
  return { withKey, dialog };
}
