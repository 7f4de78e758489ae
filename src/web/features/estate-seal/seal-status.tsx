import { CheckCircleIcon, ClockIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import { olderCapsulesWords } from '../../../core/seal/seal-words.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useAction } from '../../lib/use-action.ts';
import { formatDate } from '../../lib/dates.ts';
import { estateSealApi } from './api.ts';
import { ResealPanel } from './reseal-panel.tsx';

const capsuleOutdated = (seal: NonNullable<TEstateSeal['seal']>) =>
  seal.sealedItems > 0 && (!seal.capsuleMadeAt || (seal.sealedChangedAt !== null && seal.sealedChangedAt > seal.capsuleMadeAt));


/** The seal as it is: who holds which kit, who has said they stored it, and removing it while nothing is sealed. */
export function SealStatus({ data, ownerName, onChanged }: { data: TEstateSeal; ownerName: string; onChanged: (next: TEstateSeal) => void }) {
  const seal = data.seal!;
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const { busy, error, run } = useAction();
  const waiting = seal.kits.filter((k) => !k.storedAt).length;
  const olderCapsules = olderCapsulesWords(seal.olderCapsules, formatDate);

  async function remove() {
    if (!(await run(async () => onChanged(await estateSealApi.remove())))) setConfirming(false);
  }

  return (
    <div className="space-y-4">
      <p className="text-stone-700">
        Made on {formatDate(seal.createdAt)}. Any {seal.threshold} of your {seal.shareCount} trustees&apos; kits open it together. {seal.sealedItems === 0 ? 'Nothing is sealed yet.' : `${seal.sealedItems} item${seal.sealedItems === 1 ? ' is' : 's are'} sealed.`}
      </p>
      {waiting > 0 && (
        <Alert tone="warning">
          {waiting === 1 ? 'One trustee has' : `${waiting} trustees have`} not yet confirmed storing their kit. Make sure each has received it; they confirm on their trustee page.
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <ul className="divide-y divide-stone-100 rounded-lg ring-1 ring-stone-200">
        {seal.kits.map((kit) => (
          <li key={kit.shareIndex} className="flex flex-wrap items-center gap-2 p-3">
            {kit.storedAt ? <CheckCircleIcon aria-hidden="true" className="size-5 text-emerald-700" /> : <ClockIcon aria-hidden="true" className="size-5 text-amber-700" />}
            <span className="min-w-0 flex-1">
              <span className="font-medium text-stone-900">
                Kit {kit.shareIndex} of {seal.shareCount} — {kit.holderName ?? 'a trustee whose account was closed'}
              </span>{' '}
              <span className="text-sm text-stone-600">{kit.storedAt ? `stored, confirmed on ${formatDate(kit.storedAt)}` : 'not confirmed yet'}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-stone-600">Seal reference {seal.sealTag}: it is printed on every kit of this seal.</p>
      <section aria-labelledby="capsule-heading" className="space-y-2 rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200">
        <h3 id="capsule-heading" className="font-semibold text-stone-900">
          Legacy Capsule
        </h3>
        <p className="text-sm text-stone-700">
          One file with everything you sealed, still locked, and a page that opens it on any computer with your trustees&apos; kits — even if Heirloom is gone one day. Give a copy to each trustee with their kit.
        </p>
        {capsuleOutdated(seal) && (
          <Alert tone="warning">
            {seal.capsuleMadeAt
              ? `Your sealed items changed on ${formatDate(seal.sealedChangedAt!)}, after your last capsule (${formatDate(seal.capsuleMadeAt)}). Download a new one and send it to your trustees.`
              : 'You have sealed items but have not downloaded your capsule yet.'}
          </Alert>
        )}
        {olderCapsules && <Alert tone="warning">{olderCapsules}</Alert>}
        <a href={seal.capsuleUrl} download className={buttonClasses('secondary', 'sm')}>
          Download the Legacy Capsule
        </a>
      </section>
      {changing ? (
        <ResealPanel
          data={data}
          ownerName={ownerName}
          onClose={() => setChanging(false)}
          onDone={(next) => {
            setChanging(false);
            onChanged(next);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setChanging(true)}>
            Change who holds the kits
          </Button>
          {seal.sealedItems === 0 && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Remove this seal
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog open={confirming} title="Remove your seal?" confirmLabel="Remove the seal" busy={busy} onConfirm={() => void remove()} onClose={() => setConfirming(false)}>
        <p>The kits you gave your trustees will stop working. You can then change your trustees, and make a new seal with new kits.</p>
      </ConfirmDialog>
    </div>
  );
}
