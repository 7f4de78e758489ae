import { EyeIcon, EyeSlashIcon, ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { SECRET_VISIBLE_SECONDS } from '../../../core/confirm-identity.schemas.ts';
import { SECRET_LABELS, type TDigitalAsset, type TRevealedSecrets } from '../../../core/digital-assets.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

export interface RevealedAsset {
  asset: TDigitalAsset;
  secrets: TRevealedSecrets;
  /** when the reveal came back (ms since the epoch): the secrets are hidden SECRET_VISIBLE_SECONDS later */
  at: number;
}

/**
 * A revealed asset's secrets, like a password manager shows them: masked until Show, a Copy
 * button, and hidden again (dropped from the page) after SECRET_VISIBLE_SECONDS, with the time left shown.
 */
export function RevealDialog({ revealed, onClose, onRevealAgain }: { revealed: RevealedAsset | null; onClose: () => void; onRevealAgain: (asset: TDigitalAsset) => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!revealed) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [revealed]);

  const left = revealed ? Math.max(0, Math.ceil((revealed.at + SECRET_VISIBLE_SECONDS * 1000 - now) / 1000)) : 0;
  const secrets = revealed && left > 0 ? revealed.secrets : null;
  const shown = secrets ? (Object.keys(SECRET_LABELS) as (keyof TRevealedSecrets)[]).filter((k) => secrets[k]) : [];

  return (
    <Dialog
      open={revealed !== null}
      onClose={onClose}
      title={revealed ? `Secrets for ${revealed.asset.name}` : ''}
      footer={
        <>
          {!secrets && revealed && (
            <Button variant="secondary" onClick={() => onRevealAgain(revealed.asset)}>
              <EyeIcon aria-hidden="true" className="size-4" />
              Reveal again
            </Button>
          )}
          <Button onClick={onClose}>{secrets ? 'Hide and close' : 'Close'}</Button>
        </>
      }
    >
      {!secrets ? (
        <p className="text-sm text-stone-700">The secrets were hidden again after {SECRET_VISIBLE_SECONDS} seconds.</p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-stone-600" aria-live="off">
            Hidden again in <span className="font-semibold tabular-nums text-stone-900">{left}</span> {left === 1 ? 'second' : 'seconds'}. {revealed?.asset.sealed ? 'Opened in this browser with your Owner Kit.' : 'This reveal is recorded in your activity log.'}
          </p>
          {shown.length === 0 ? (
            <p className="text-sm text-stone-700">No secrets are stored for this asset.</p>
          ) : (
            <dl className="space-y-4">
              {shown.map((k) => (
                <SecretRow key={`${revealed!.at}-${k}`} label={SECRET_LABELS[k]} value={secrets[k]} />
              ))}
            </dl>
          )}
        </div>
      )}
    </Dialog>
  );
}

const MASK = '••••••••••••';

function SecretRow({ label, value }: { label: string; value: string }) {
  const [visible, setVisible] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div>
      <dt className="text-sm font-medium text-stone-900">{label}</dt>
      <dd className="mt-1 space-y-2">
        <div className="rounded-lg bg-stone-50 px-3 py-2 font-mono text-sm break-words whitespace-pre-wrap text-stone-900 ring-1 ring-stone-200">
          {visible ? value : <><span aria-hidden="true">{MASK}</span><span className="sr-only">Hidden</span></>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" onClick={() => setVisible(!visible)} aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}>
            {visible ? <EyeSlashIcon aria-hidden="true" className="size-4" /> : <EyeIcon aria-hidden="true" className="size-4" />}
            {visible ? 'Hide' : 'Show'}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
            <ClipboardDocumentIcon aria-hidden="true" className="size-4" />
            Copy
          </Button>
          <span role="status" className="text-sm font-medium text-green-800">
            {copied === 'yes' ? 'Copied' : ''}
          </span>
          {copied === 'failed' && <span className="text-sm text-red-700">Could not copy: use Show and select the text.</span>}
        </div>
      </dd>
    </div>
  );
}
