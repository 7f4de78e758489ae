import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import { makeSeal, type MadeSeal } from '../../../core/seal/seal-keys.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useUnsavedChangesWhile } from '../../lib/unsaved-changes.ts';
import { estateSealApi } from './api.ts';
import { KitSheet, kitFileHtml, kitFileName, type KitPage } from './kit-sheet.tsx';

const today = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function kitPages(seal: MadeSeal, data: TEstateSeal, ownerName: string): KitPage[] {
  const common = { ownerName, shareCount: seal.shares.length, threshold: seal.threshold, sealTag: seal.sealTag, madeOn: today() };
  return [
    { ...common, kind: 'owner', holderName: ownerName, words: seal.ownerKit, shareIndex: 0 },
    ...seal.shares.map((share, i) => ({ ...common, kind: 'share' as const, holderName: data.trustees[i]!.name, words: share.words, shareIndex: share.index })),
  ];
}

function download(name: string, html: string) {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Making the seal: the key and the kits are made here, in this browser, and shown only now. The
 * owner prints or saves each kit; only then is the seal kept, and the server learns only its public
 * key and how to recognise each kit.
 */
export function SealSetup({ data, ownerName, onMade }: { data: TEstateSeal; ownerName: string; onMade: (next: TEstateSeal) => void }) {
  const [seal, setSeal] = useState<MadeSeal | null>(null);
  const [handled, setHandled] = useState<Set<number>>(new Set());
  const [drawn, setDrawn] = useState<Set<number>>(new Set());
  const [checked, setChecked] = useState(false);
  const [printing, setPrinting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sheets = useRef(new Map<number, HTMLElement>());
  useUnsavedChangesWhile(seal !== null);

  useEffect(() => {
    if (printing === null) return;
    const done = () => setPrinting(null);
    document.body.classList.add('printing-kit');
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('printing-kit');
    };
  }, [printing]);

  async function make() {
    setBusy(true);
    setError(null);
    try {
      setSeal(await makeSeal(data.threshold, data.trustees.length));
      setHandled(new Set());
      setChecked(false);
      setDrawn(new Set());
    } catch {
      setError('Your seal could not be made in this browser. Please try a current version of Chrome, Edge, Firefox or Safari.');
    } finally {
      setBusy(false);
    }
  }

  async function finish() {
    if (!seal) return;
    setBusy(true);
    setError(null);
    try {
      const next = await estateSealApi.create({
        recipient: seal.recipient,
        sealTag: seal.sealTag,
        threshold: seal.threshold,
        kits: seal.shares.map((share, i) => ({ shareIndex: share.index, holderUserId: data.trustees[i]!.userId, fingerprint: share.fingerprint, checkGroup: share.checkGroup })),
      });
      setSeal(null);
      onMade(next);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Your seal could not be saved. Please try again.');
      if (e instanceof ApiError && e.status === 409) setSeal(null);
    } finally {
      setBusy(false);
    }
  }

  if (!seal) {
    return (
      <div className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <ol className="list-decimal space-y-2 pl-5 text-stone-700">
          <li>This browser makes a new lock and key for your estate. Heirloom keeps only the lock.</li>
          <li>
            The key is cut into {data.trustees.length} Emergency Kits, one for each of your trustees ({data.trustees.map((t) => t.name).join(', ')}). Any {data.threshold} of them together
            can open what you seal; one alone cannot.
          </li>
          <li>You also get an Owner Kit: the whole key, so you can read and change what you sealed.</li>
          <li>You print each kit, or save it as a file, and give it to your trustee yourself. Heirloom never sees or sends the kits.</li>
        </ol>
        <Button onClick={() => void make()} loading={busy} disabled={data.cannotSeal !== null}>
          Make my seal and kits
        </Button>
      </div>
    );
  }

  const pages = kitPages(seal, data, ownerName);
  const mark = (i: number) => setHandled((h) => new Set(h).add(i));
  const allHandled = pages.every((_, i) => handled.has(i));
  const ready = drawn.size === pages.length;
  return (
    <div className="space-y-4">
      <div className="print:hidden space-y-4">
        <Alert tone="warning">These kits are shown only now. Print each one, or save it as a file, before you finish. If you leave this page, nothing is kept and you start again.</Alert>
        {error && <Alert tone="error">{error}</Alert>}
        <ul className="divide-y divide-stone-100 rounded-lg ring-1 ring-stone-200">
          {pages.map((kit, i) => (
            <li key={i} className="flex flex-wrap items-center gap-3 p-3">
              <span className="min-w-0 flex-1">
                <span className="font-medium text-stone-900">{kit.kind === 'owner' ? 'Your Owner Kit' : `Kit ${kit.shareIndex} of ${kit.shareCount} — for ${kit.holderName}`}</span>
                {handled.has(i) && <span className="ml-2 text-sm text-emerald-800">printed or saved</span>}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={!ready}
                onClick={() => {
                  mark(i);
                  setPrinting(i);
                }}
                aria-label={`Print or save as PDF: ${kit.kind === 'owner' ? 'your Owner Kit' : `the kit for ${kit.holderName}`}`}
              >
                Print or save as PDF
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!ready}
                onClick={() => {
                  const sheet = sheets.current.get(i);
                  if (!sheet) return;
                  download(kitFileName(kit), kitFileHtml(kit, sheet));
                  mark(i);
                }}
                aria-label={`Save as a file: ${kit.kind === 'owner' ? 'your Owner Kit' : `the kit for ${kit.holderName}`}`}
              >
                Save as a file
              </Button>
            </li>
          ))}
        </ul>
        <label className="flex items-start gap-2 text-stone-800">
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} className="mt-1 size-4 rounded accent-(--accent-solid)" />
          <span>I have printed or saved every kit, and my Owner Kit. I will give each trustee their own kit.</span>
        </label>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void finish()} loading={busy} disabled={!checked || !allHandled}>
            Finish: keep my seal
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setSeal(null)}>
            Start again
          </Button>
        </div>
        {!allHandled && <p className="text-sm text-stone-600">Finish becomes available once every kit has been printed or saved.</p>}
      </div>
      {pages.map((kit, i) =>
        createPortal(
        <div key={i} className={printing === i ? 'kit-print hidden print:block' : 'hidden'}>
          <KitSheet
            kit={kit}
            origin={window.location.origin}
            onReady={() => setDrawn((d) => new Set(d).add(i))}
            ref={(el) => {
              if (el) sheets.current.set(i, el);
            }}
          />
        </div>,
        document.body,
        ),
      )}
    </div>
  );
}
