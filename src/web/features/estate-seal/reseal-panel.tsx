import { ArrowDownIcon, ArrowUpIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import { makeSeal, SEAL_MIN_SHARES, type MadeSeal } from '../../../core/seal/seal-keys.ts';
import { RESEAL_WORDS } from '../../../core/seal/seal-words.ts';
import { openBytes, openText, sealBytes, sealText } from '../../../core/seal/sealed-content.ts';
import type { TSealedItemPart } from '../../../core/estate-seal.schemas.ts';
import { fileUrl } from '../../../core/files.schemas.ts';
import { getBytes } from '../../lib/api.ts';
import { useOwnerKey } from '../../components/seal/use-owner-key.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { estateSealApi, type ResealedPart } from './api.ts';
import { KitsStep } from './kits-step.tsx';
import { SEAL_UNAVAILABLE } from './seal-setup.tsx';

type Made = { seal: MadeSeal; parts: ResealedPart[] };

/** Opens one sealed part with the Owner Kit's key and seals it again to the new seal's recipient. */
async function sealAgain(identity: string, recipient: string, item: TSealedItemPart): Promise<ResealedPart> {
  const { itemType, itemId, part } = item;
  if (item.armored !== null) return { itemType, itemId, part, sealed: await sealText(recipient, await openText(identity, item.armored)), fileName: 'sealed.txt.age' };
  const bytes = await getBytes(fileUrl(item.fileId!));
  return { itemType, itemId, part, sealed: await sealBytes(recipient, await openBytes(identity, bytes)), fileName: 'document.age' };
}

/**
 * Changing who holds the kits, or how many open the seal: with the Owner Kit, this browser opens
 * every sealed item, makes a new seal for the trustees chosen, seals everything again to it and
 * prints new kits. Kept all at once; the old kits then open nothing Heirloom holds, but still open a
 * capsule downloaded before (ADR 0112), which the owner is told.
 */
export function ResealPanel({ data, ownerName, onDone, onClose }: { data: TEstateSeal; ownerName: string; onDone: (next: TEstateSeal) => void; onClose: () => void }) {
  const seal = data.seal!;
  const [order, setOrder] = useState<string[]>(data.trustees.map((t) => t.userId));
  const [threshold, setThreshold] = useState(seal.threshold);
  const [made, setMade] = useState<Made | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameOf = (id: string) => data.candidates.find((c) => c.userId === id)?.name ?? data.trustees.find((t) => t.userId === id)?.name ?? 'Someone';
  const others = data.candidates.filter((c) => !order.includes(c.userId));
  const m = Math.min(threshold, order.length);

  async function remake(identity: string) {
    setBusy(true);
    setError(null);
    try {
      const { items } = await estateSealApi.items();
      const next = await makeSeal(m, order.length);
      const parts: ResealedPart[] = [];
      // one at a time: a document is up to 10 MB, and each is held twice while it is sealed again
      for (const item of items) parts.push(await sealAgain(identity, next.recipient, item));
      setMade({ seal: next, parts });
    } catch {
      setError(SEAL_UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }

  const ownerKey = useOwnerKey(seal);

  if (made) {
    return (
      <KitsStep
        seal={made.seal}
        holders={order.map(nameOf)}
        ownerName={ownerName}
        finishLabel="Finish: replace my seal"
        onCancel={(why) => {
          setMade(null);
          setError(why ?? null);
        }}
        onFinish={async () => {
          onDone(
            await estateSealApi.reseal({
              previousSealTag: seal.sealTag,
              trusteeUserIds: order,
              threshold: m,
              recipient: made.seal.recipient,
              sealTag: made.seal.sealTag,
              kits: made.seal.shares.map((share, i) => ({ shareIndex: share.index, holderUserId: order[i]!, fingerprint: share.fingerprint, checkGroup: share.checkGroup })),
            }, made.parts),
          );
        }}
      />
    );
  }

  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    const [id] = next.splice(i, 1);
    next.splice(i + by, 0, id!);
    setOrder(next);
  };
  return (
    <section aria-labelledby="reseal-heading" className="space-y-4 rounded-lg p-4 ring-1 ring-stone-200">
      <h3 id="reseal-heading" className="font-semibold text-stone-900">
        Change who holds the kits
      </h3>
      <p className="text-sm text-stone-700">{RESEAL_WORDS}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-900">Trustees who will hold a kit, in the order they are asked to confirm a report</legend>
        <ol className="divide-y divide-stone-100 rounded-lg ring-1 ring-stone-200">
          {order.map((id, i) => (
            <li key={id} className="flex flex-wrap items-center gap-2 p-2">
              <span className="min-w-0 flex-1 text-stone-900">
                {i + 1}. {nameOf(id)}
              </span>
              <Button variant="ghost" size="sm" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${nameOf(id)} up`}>
                <ArrowUpIcon aria-hidden="true" className="size-4" />
              </Button>
              <Button variant="ghost" size="sm" disabled={i === order.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${nameOf(id)} down`}>
                <ArrowDownIcon aria-hidden="true" className="size-4" />
              </Button>
              <Button variant="ghost" size="sm" disabled={order.length <= SEAL_MIN_SHARES} onClick={() => setOrder(order.filter((x) => x !== id))}>
                Remove<span className="sr-only"> {nameOf(id)}</span>
              </Button>
            </li>
          ))}
        </ol>
        {others.length > 0 && (
          <SelectField label="Add a trustee" value="" onChange={(e) => e.target.value && setOrder([...order, e.target.value])}>
            <option value="">Choose someone</option>
            {others.map((c) => (
              <option key={c.userId} value={c.userId}>
                {c.name}
              </option>
            ))}
          </SelectField>
        )}
      </fieldset>
      <SelectField label="Kits needed to open the seal" value={String(m)} onChange={(e) => setThreshold(Number(e.target.value))} hint="The same number must confirm a report of your passing.">
        {Array.from({ length: order.length - 1 }, (_, i) => i + 2).map((n) => (
          <option key={n} value={n}>
            {n} of {order.length}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => ownerKey.withKey((identity) => void remake(identity))} loading={busy}>
          Open with my Owner Kit and make new kits
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
      {ownerKey.dialog}
    </section>
  );
}
