import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { THeldKit } from '../../../core/estate-seal.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../components/ui/field.tsx';
import { readQrFromImage } from '../../lib/read-qr.ts';
import { CameraScan } from '../../components/seal/camera-scan.tsx';
import { useAction } from '../../lib/use-action.ts';
import { formatDate } from '../../lib/dates.ts';
import { estateSealApi } from './api.ts';

/** After activation: the trustee types their kit's code or gives a photo of its QR code. */
function GiveKitForm({ kit, onGiven }: { kit: THeldKit; onGiven: (kit: THeldKit) => void }) {
  const [words, setWords] = useState('');
  const { busy, error, setError, run } = useAction();
  function give(event: FormEvent) {
    event.preventDefault();
    void run(async () => onGiven(await estateSealApi.give(kit.kitId, words)));
  }
  async function photo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const text = await readQrFromImage(file).catch(() => null);
    if (text) setWords(text);
    else setError('No QR code could be read in that photo. Take it again in good light, with the whole code in the picture, or type the code instead.');
  }
  return (
    <form noValidate onSubmit={give} className="space-y-3">
      <p className="text-stone-700">
        {kit.ownerName}&apos;s estate has been activated. Give your kit so that what {kit.ownerName} sealed can be opened: {kit.kitsGiven} of the {kit.threshold} kits needed have been given
        so far.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <TextAreaField label="The code on your kit" rows={3} value={words} onChange={(e) => setWords(e.target.value)} autoComplete="off" spellCheck={false} hint="Groups of four letters and digits, as printed under “The code”; spaces do not matter." />
      <CameraScan label="Scan the QR code with the camera" onRead={setWords} />
      <label className="block text-sm text-stone-700">
        <span className="font-medium text-stone-900">Or take a photo of the QR code on your kit</span>
        <input type="file" accept="image/*" capture="environment" onChange={(e) => void photo(e)} className="mt-1 block w-full text-sm" />
      </label>
      <Button type="submit" loading={busy} disabled={!words.trim()}>
        Give my kit
      </Button>
    </form>
  );
}

function HeldKitCard({ kit, onStored }: { kit: THeldKit; onStored: (kit: THeldKit) => void }) {
  const [typed, setTyped] = useState('');
  const { busy, error, run } = useAction();
  function confirm(event: FormEvent) {
    event.preventDefault();
    void run(async () => onStored(await estateSealApi.confirmStored(kit.kitId, typed)));
  }
  const headingId = `kit-${kit.kitId}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg p-4 ring-1 ring-stone-200">
      <h3 id={headingId} className="text-lg font-semibold text-stone-900">
        {kit.ownerName}&apos;s Emergency Kit ({kit.shareIndex} of {kit.shareCount})
      </h3>
      <p className="text-stone-700">
        Any {kit.threshold} of the {kit.shareCount} kits together open what {kit.ownerName} sealed for the family, and only after their passing has been confirmed and checked.
      </p>
      <p className="text-sm text-stone-700">
        Keep the Legacy Capsule with your kit: it opens what {kit.ownerName} sealed on any computer, with the kits, even without Heirloom.{' '}
        <a href={`/api/v1/capsules/${kit.estateId}`} download className="font-semibold text-accent-text underline">
          Download the Legacy Capsule
        </a>
      </p>
      {kit.opened ? (
        <p role="status" className="text-emerald-800">
          {kit.threshold} trustees have given their kits: what {kit.ownerName} sealed is now open for the people it was left to.
        </p>
      ) : kit.givenAt ? (
        <p role="status" className="text-emerald-800">
          You gave your kit on {formatDate(kit.givenAt)}. {kit.kitsGiven} of the {kit.threshold} kits needed have been given so far.
        </p>
      ) : kit.canGive ? (
        <GiveKitForm kit={kit} onGiven={onStored} />
      ) : kit.storedAt ? (
        <p role="status" className="text-emerald-800">
          You confirmed on {formatDate(kit.storedAt)} that you have stored it. Keep it safe; there is nothing else to do now.
        </p>
      ) : (
        <form noValidate onSubmit={confirm} className="space-y-3">
          <p className="text-stone-700">When {kit.ownerName} has given you the kit, keep it somewhere safe and tell them you have it by typing the last four characters of its code.</p>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap items-end gap-3">
            <TextField label="Last four characters of the code" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} maxLength={20} className="w-48" />
            <Button type="submit" loading={busy} disabled={!typed.trim()}>
              I have stored my kit
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}

/** The kits this person holds for others' estates, on the trustee page. Nothing shows when there are none. */
export function HeldKitsSection() {
  const [kits, setKits] = useState<THeldKit[] | null>(null);
  useEffect(() => {
    estateSealApi
      .heldKits()
      .then((page) => setKits(page.items))
      .catch(() => setKits([]));
  }, []);
  if (!kits?.length) return null;
  return (
    <section aria-labelledby="held-kits-heading" className="space-y-4">
      <h2 id="held-kits-heading" className="text-xl font-semibold text-stone-900">
        Emergency Kits you hold
      </h2>
      {kits.map((kit) => (
        <HeldKitCard key={kit.kitId} kit={kit} onStored={(next) => setKits((all) => all && all.map((k) => (k.kitId === next.kitId ? next : k)))} />
      ))}
    </section>
  );
}
