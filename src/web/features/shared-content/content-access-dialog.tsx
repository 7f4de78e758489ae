import { CheckIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { ACCESS_FLAG_DESCRIPTIONS, ACCESS_FLAG_LABELS, ACCESS_FLAGS } from '../../../core/constants.ts';
import type { TContentAccess } from '../../../core/shared-content.schemas.ts';
import { sharedCountLabel } from '../../../core/shared-counts.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { sharedApi } from './api.ts';
import { EstateStatusBadge } from '../../components/ui/estate-status-badge.tsx';

/** Content Access: for each person who named you, what they have opened to you and how much you can see now. */
export function ContentAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [access, setAccess] = useState<TContentAccess | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    sharedApi.access().then(
      (a) => live && setAccess(a),
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : 'Your access could not be loaded.'),
    );
    return () => {
      live = false;
    };
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Content Access"
      description="What each person has opened to you. Only they can change it."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      {!access && !error && (
        <div role="status" className="flex justify-center py-8 text-stone-500">
          <Spinner className="size-6" />
          <span className="sr-only">Loading…</span>
        </div>
      )}
      {access && access.length === 0 && <p className="text-stone-600">Nobody has named you as a beneficiary yet.</p>}
      {access && access.length > 0 && (
        <div className="space-y-6">
          {access.map((a) => (
            <section key={a.estateId} aria-labelledby={`access-${a.estateId}`}>
              <h3 id={`access-${a.estateId}`} className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                {a.owner.name} <span className="font-normal text-stone-500">· {a.relationship}</span> {a.status !== 'planning' && <EstateStatusBadge status={a.status} />}
              </h3>
              <p className="mt-1 text-sm text-stone-600">
                You can see {sharedCountLabel(a.counts.memories)} {a.counts.memories === 1 ? 'memory' : 'memories'}, {sharedCountLabel(a.counts.documents)}{' '}
                {a.counts.documents === 1 ? 'document' : 'documents'} and {sharedCountLabel(a.counts.messages)} {a.counts.messages === 1 ? 'message' : 'messages'} now.
              </p>
              <ul className="mt-3 divide-y divide-stone-100 rounded-lg ring-1 ring-stone-200">
                {ACCESS_FLAGS.map((flag) => (
                  <li key={flag} className="flex items-center gap-3 px-4 py-2.5">
                    {a.access[flag] ? (
                      <CheckIcon aria-hidden="true" className="size-5 text-green-700" />
                    ) : (
                      <XMarkIcon aria-hidden="true" className="size-5 text-stone-400" />
                    )}
                    <span className="min-w-0 flex-1 text-sm">
                      <span className="font-medium text-stone-900">{ACCESS_FLAG_LABELS[flag]}</span>
                      <span className="text-stone-600"> — {ACCESS_FLAG_DESCRIPTIONS[flag]}</span>
                    </span>
                    <span className="text-sm font-medium text-stone-700">{a.access[flag] ? 'Allowed' : 'Not allowed'}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <p className="text-sm text-stone-600">Some items are kept until the estate is activated; they appear here when it is.</p>
        </div>
      )}
    </Dialog>
  );
}
