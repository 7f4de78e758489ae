import { EyeIcon, ShieldCheckIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { SECRET_LABELS, type TDigitalAsset, type TRevealedSecrets } from '../../../core/digital-assets.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useAction } from '../../lib/use-action.ts';
import { digitalAssetsApi } from './api.ts';

/** Secrets stay hidden until the owner explicitly reveals them; the reveal is recorded in the activity log. */
export function RevealDialog({ asset, onClose }: { asset: TDigitalAsset | null; onClose: () => void }) {
  const [secrets, setSecrets] = useState<TRevealedSecrets | null>(null);
  const { busy, error, setError, run } = useAction();
  useEffect(() => {
    setSecrets(null);
    setError(null);
  }, [asset?.id, setError]);

  const reveal = () => asset && run(async () => setSecrets(await digitalAssetsApi.reveal(asset.id)));

  const shown = secrets ? (Object.keys(SECRET_LABELS) as (keyof TRevealedSecrets)[]).filter((k) => secrets[k]) : [];
  return (
    <Dialog
      open={asset !== null}
      onClose={onClose}
      title={asset ? `Secrets for ${asset.name}` : ''}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {secrets ? 'Hide and close' : 'Cancel'}
          </Button>
          {!secrets && (
            <Button loading={busy} onClick={() => void reveal()}>
              <EyeIcon aria-hidden="true" className="size-4" />
              Reveal
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {!secrets ? (
          <p className="flex gap-3 text-sm text-stone-700">
            <ShieldCheckIcon aria-hidden="true" className="size-5 shrink-0 text-accent-icon" />
            The password, recovery codes and access instructions are stored encrypted. Revealing them is recorded in your activity log.
          </p>
        ) : (
          <dl className="space-y-4">
            {shown.map((k) => (
              <div key={k}>
                <dt className="text-sm font-medium text-stone-900">{SECRET_LABELS[k]}</dt>
                <dd className="mt-1 rounded-lg bg-stone-50 px-3 py-2 font-mono text-sm break-words whitespace-pre-wrap text-stone-900 ring-1 ring-stone-200">{secrets[k]}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </Dialog>
  );
}
