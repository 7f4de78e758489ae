import { useState } from 'react';
import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import { makeSeal, type MadeSeal } from '../../../core/seal/seal-keys.ts';
import { keySplitWords } from '../../../core/seal/seal-words.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { estateSealApi } from './api.ts';
import { KitsStep } from './kits-step.tsx';

export const SEAL_UNAVAILABLE = 'Your seal could not be made in this browser. Please try a current version of Chrome, Edge, Firefox or Safari.';

/**
 * Making the seal: the key and the kits are made here, in this browser, and shown only now. The
 * owner prints or saves each kit; only then is the seal kept, and the server learns only its public
 * key and how to recognise each kit.
 */
export function SealSetup({ data, ownerName, onMade }: { data: TEstateSeal; ownerName: string; onMade: (next: TEstateSeal) => void }) {
  const [seal, setSeal] = useState<MadeSeal | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function make() {
    setBusy(true);
    setError(null);
    try {
      setSeal(await makeSeal(data.threshold, data.trustees.length));
    } catch {
      setError(SEAL_UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }

  if (seal) {
    return (
      <KitsStep
        seal={seal}
        holders={data.trustees.map((t) => t.name)}
        ownerName={ownerName}
        finishLabel="Finish: keep my seal"
        onCancel={(why) => {
          setSeal(null);
          setError(why ?? null);
        }}
        onFinish={async () => {
          onMade(
            await estateSealApi.create({
              recipient: seal.recipient,
              sealTag: seal.sealTag,
              threshold: seal.threshold,
              kits: seal.shares.map((share, i) => ({ shareIndex: share.index, holderUserId: data.trustees[i]!.userId, fingerprint: share.fingerprint, checkGroup: share.checkGroup })),
            }),
          );
        }}
      />
    );
  }
  return (
    <div className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <ol className="list-decimal space-y-2 pl-5 text-stone-700">
        <li>This browser makes a new lock and key for your estate. Heirloom keeps only the lock.</li>
        <li>{keySplitWords(data.trustees.map((t) => t.name), data.threshold)}</li>
        <li>You also get an Owner Kit: the whole key, so you can read and change what you sealed.</li>
        <li>You print each kit, or save it as a file, and give it to your trustee yourself. Heirloom never sends the kits, and sees one only when a trustee gives it after your passing.</li>
      </ol>
      <Button onClick={() => void make()} loading={busy} disabled={data.cannotSeal !== null}>
        Make my seal and kits
      </Button>
    </div>
  );
}
