import { useEffect, useState, type FormEvent } from 'react';
import type { THeldKit } from '../../../core/estate-seal.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { estateSealApi } from './api.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function HeldKitCard({ kit, onStored }: { kit: THeldKit; onStored: (kit: THeldKit) => void }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onStored(await estateSealApi.confirmStored(kit.kitId, typed));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'That could not be checked. Please try again.');
    } finally {
      setBusy(false);
    }
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
      {kit.storedAt ? (
        <p role="status" className="text-emerald-800">
          You confirmed on {day(kit.storedAt)} that you have stored it. Keep it safe; there is nothing else to do now.
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void confirm(e)} className="space-y-3">
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
