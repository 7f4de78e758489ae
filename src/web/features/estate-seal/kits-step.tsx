import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MadeSeal } from '../../../core/seal/seal-keys.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useUnsavedChangesWhile } from '../../lib/unsaved-changes.ts';
import { KitSheet, kitFileHtml, kitFileName, type KitPage } from './kit-sheet.tsx';
import { saveFile } from '../../lib/save-file.ts';

function kitPages(seal: MadeSeal, holders: string[], ownerName: string): KitPage[] {
  const common = { ownerName, holders, shareCount: seal.shares.length, threshold: seal.threshold, sealTag: seal.sealTag, madeOn: formatDate(new Date()) };
  return [
    { ...common, kind: 'owner', holderName: ownerName, words: seal.ownerKit, shareIndex: 0 },
    ...seal.shares.map((share, i) => ({ ...common, kind: 'share' as const, holderName: holders[i]!, words: share.words, shareIndex: share.index })),
  ];
}

/**
 * The kits of a seal just made in this browser, shown only now: the owner prints or saves each, says
 * so, and only then may finish (`onFinish` keeps the seal; an error is shown and, for a conflict,
 * the kits are dropped by `onCancel`). Leaving the page before that keeps nothing.
 */
export function KitsStep({ seal, holders, ownerName, finishLabel, onFinish, onCancel }: { seal: MadeSeal; holders: string[]; ownerName: string; finishLabel: string; onFinish: () => Promise<void>; onCancel: (why?: string) => void }) {
  const [handled, setHandled] = useState<Set<number>>(new Set());
  const [drawn, setDrawn] = useState<Set<number>>(new Set());
  const [checked, setChecked] = useState(false);
  const [printing, setPrinting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sheets = useRef(new Map<number, HTMLElement>());
  useUnsavedChangesWhile(!busy);

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

  async function finish() {
    setBusy(true);
    setError(null);
    try {
      await onFinish();
    } catch (e) {
      setBusy(false);
      const message = e instanceof ApiError ? e.message : 'Your seal could not be saved. Please try again.';
      if (e instanceof ApiError && e.status === 409) onCancel(message);
      else setError(message);
    }
  }

  const pages = kitPages(seal, holders, ownerName);
  const mark = (i: number) => setHandled((h) => new Set(h).add(i));
  const allHandled = pages.every((_, i) => handled.has(i));
  const ready = drawn.size === pages.length;
  const whose = (kit: KitPage) => (kit.kind === 'owner' ? 'your Owner Kit' : `the kit for ${kit.holderName}`);
  return (
    <div className="space-y-4">
      <div className="space-y-4 print:hidden">
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
                aria-label={`Print or save as PDF: ${whose(kit)}`}
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
                  saveFile(kitFileName(kit), kitFileHtml(kit, sheet), 'text/html');
                  mark(i);
                }}
                aria-label={`Save as a file: ${whose(kit)}`}
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
            {finishLabel}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onCancel()}>
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
