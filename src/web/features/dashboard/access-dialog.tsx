import { CheckIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { TAccessFlag, TBeneficiary, TBeneficiaryAccessView } from '../../../core/beneficiaries.schemas.ts';
import { ACCESS_FLAG_LABELS, ACCESS_FLAGS, ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { dashboardApi } from './api.ts';

const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function describe(view: TBeneficiaryAccessView, flag: TAccessFlag): string {
  switch (flag) {
    case 'memories':
      return `${n(view.memories.shared, 'memory', 'memories')} shared with them · ${view.memories.visibleNow} visible now`;
    case 'documents':
      return `${n(view.documents.shared, 'document')} shared with them · ${view.documents.visibleNow} visible now`;
    case 'messages':
      return `${n(view.futureMessages.scheduled, 'future message')} scheduled · ${view.futureMessages.delivered} delivered`;
    case 'beneficiaries':
      return view.beneficiaries.visible ? `Can see your ${n(view.beneficiaries.count, 'other beneficiary', 'other beneficiaries')}` : 'Cannot see your other beneficiaries';
    case 'digitalLegacy':
      return view.digitalAssets.visible ? `May handle your ${n(view.digitalAssets.count, 'digital asset')}` : 'Cannot see your digital assets';
  }
}

/** "View Access": the beneficiary's five flags and what they can see right now. */
export function AccessDialog({ beneficiary, onClose }: { beneficiary: TBeneficiary | null; onClose: () => void }) {
  const [view, setView] = useState<TBeneficiaryAccessView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!beneficiary) return;
    let live = true;
    dashboardApi
      .access(beneficiary.id)
      .then((v) => live && setView(v))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'Could not load their access.'));
    return () => {
      live = false;
    };
  }, [beneficiary]);

  return (
    <Dialog
      open={beneficiary !== null}
      onClose={onClose}
      title={beneficiary ? `What ${beneficiary.firstName} can see` : 'Access'}
      description={view ? `Estate status: ${ESTATE_STATUS_LABELS[view.estateStatus as keyof typeof ESTATE_STATUS_LABELS] ?? view.estateStatus}. Items released after activation stay hidden until then.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Link to="/estate-owner/beneficiaries" className={buttonClasses()}>
            Change access
          </Link>
        </>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : !view ? (
        <div role="status" className="flex justify-center py-6 text-stone-500">
          <Spinner className="size-6" />
          <span className="sr-only">Loading…</span>
        </div>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Access permissions">
          {ACCESS_FLAGS.map((flag) => {
            const on = view.beneficiary.access[flag];
            return (
              <li key={flag} className="flex gap-3 py-3">
                {on ? (
                  <CheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                ) : (
                  <XMarkIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-stone-400" />
                )}
                <div className="text-sm">
                  <p className="font-medium text-stone-900">
                    {ACCESS_FLAG_LABELS[flag]} <span className="font-normal text-stone-600">— {on ? 'allowed' : 'not allowed'}</span>
                  </p>
                  {(on || flag === 'memories' || flag === 'documents' || flag === 'messages') && <p className="text-stone-600">{describe(view, flag)}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
