import { CheckIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useEffect, useState } from 'react';
import type { TAccessFlag, TAdministeredBeneficiaryAccessView } from '../../../core/beneficiaries.schemas.ts';
import { ACCESS_FLAG_LABELS, ACCESS_FLAGS, ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import type { TAdministeredEstateDetail } from '../../../core/lifecycle.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { estateAdministratorApi } from './api.ts';
import { DateOrDash } from './format.tsx';

export type AccessBeneficiary = TAdministeredEstateDetail['beneficiaryList']['items'][number];

const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What one flag means for this beneficiary now, told to the administrator ("them" is the beneficiary). */
function describe(view: TAdministeredBeneficiaryAccessView, flag: TAccessFlag): string {
  switch (flag) {
    case 'memories':
      return `${n(view.memories.shared, 'memory', 'memories')} shared with them · ${view.memories.visibleNow} visible to them now`;
    case 'documents':
      return `${n(view.documents.shared, 'document')} shared with them · ${view.documents.visibleNow} visible to them now`;
    case 'messages':
      return `${n(view.futureMessages.scheduled, 'future message')} scheduled for them · ${view.futureMessages.delivered} delivered`;
    case 'beneficiaries':
      return view.beneficiaries.visible
        ? `Can see the estate’s ${n(view.beneficiaries.count, 'other beneficiary', 'other beneficiaries')}`
        : 'Cannot see the estate’s other beneficiaries';
    case 'digitalLegacy':
      return view.digitalAssets.visible ? `May handle the estate’s ${n(view.digitalAssets.count, 'digital asset')}` : 'Cannot see the estate’s digital assets';
  }
}

const statusLabel = (status: string) => (status in ESTATE_STATUS_LABELS ? ESTATE_STATUS_LABELS[status as keyof typeof ESTATE_STATUS_LABELS] : status);

type Loaded = { id: string; view: TAdministeredBeneficiaryAccessView; error?: undefined } | { id: string; view?: undefined; error: string };

/**
 * View Access, read-only: one beneficiary's five access flags and what is shared with them and
 * visible to them now. Only the owner changes access (in their own Beneficiaries screen).
 */
export function AccessDialog({ estateId, ownerName, beneficiary, onClose }: { estateId: string; ownerName: string; beneficiary: AccessBeneficiary | null; onClose: () => void }) {
  // The last beneficiary shown stays in the dialog while it fades out after Close.
  const [shown, setShown] = useState(beneficiary);
  if (beneficiary && beneficiary !== shown) setShown(beneficiary);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!beneficiary) return;
    let live = true;
    estateAdministratorApi
      .beneficiaryAccess(estateId, beneficiary.id)
      .then((view) => live && setLoaded({ id: beneficiary.id, view }))
      .catch((e: unknown) => live && setLoaded({ id: beneficiary.id, error: e instanceof ApiError ? e.message : 'Could not load their access. Try again.' }));
    return () => {
      live = false;
    };
  }, [estateId, beneficiary]);

  // Only an answer about the beneficiary shown counts (never the previous one's while the next loads).
  const result = shown && loaded?.id === shown.id ? loaded : null;
  const view = result?.view;

  return (
    <Dialog
      open={beneficiary !== null}
      onClose={onClose}
      title={shown ? `What ${shown.name} can see` : 'Access'}
      description={
        view
          ? `${shown?.relationship ? `${shown.relationship} of ${ownerName}. ` : ''}Estate status: ${statusLabel(view.estateStatus)}. Items released on activation stay hidden from them until then.`
          : undefined
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {result?.error ? (
        <Alert tone="error">{result.error}</Alert>
      ) : !view ? (
        <div role="status" className="flex justify-center py-6 text-stone-500">
          <Spinner className="size-6" />
          <span className="sr-only">Loading their access…</span>
        </div>
      ) : (
        <div className="space-y-4">
          <ul className="divide-y divide-stone-100" aria-label="Access permissions">
            {ACCESS_FLAGS.map((flag) => {
              const on = view.beneficiary.access[flag];
              return (
                <li key={flag} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                  {on ? (
                    <CheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                  ) : (
                    <XMarkIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-stone-400" />
                  )}
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                      {ACCESS_FLAG_LABELS[flag]}
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${on ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-stone-50 text-stone-700 ring-stone-200'}`}
                      >
                        <span className="sr-only">: </span>
                        {on ? 'On' : 'Off'}
                      </span>
                    </p>
                    <p className="text-stone-600">{describe(view, flag)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <PrivateDetails view={view} />
          <Alert tone="info">Read-only: only the owner, {ownerName}, can change what {shown?.name ?? 'this beneficiary'} can see.</Alert>
        </div>
      )}
    </Dialog>
  );
}

/** Their phone, date of birth and the owner's notes about them: only once the estate is active (ADR 0076). */
function PrivateDetails({ view }: { view: TAdministeredBeneficiaryAccessView }) {
  const { beneficiary } = view;
  if (!view.privateDetailsShown) {
    return <p className="text-sm text-stone-600">Their phone number, date of birth and the owner’s notes about them are shown after activation.</p>;
  }
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-stone-500">Phone</dt>
        <dd className="text-stone-900">{beneficiary.phone || 'Not given'}</dd>
      </div>
      <div>
        <dt className="text-stone-500">Date of birth</dt>
        <dd className="text-stone-900">
          <DateOrDash value={beneficiary.dateOfBirth} none="Not given" />
        </dd>
      </div>
      {beneficiary.notes && (
        <div className="sm:col-span-2">
          <dt className="text-stone-500">The owner’s notes</dt>
          <dd className="break-words whitespace-pre-line text-stone-900">{beneficiary.notes}</dd>
        </div>
      )}
    </dl>
  );
}
