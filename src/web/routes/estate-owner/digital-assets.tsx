import { ComputerDesktopIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { DIGITAL_ASSETS_EMPTY_TEXT } from '../../../core/constants.ts';
import type { TDigitalAsset } from '../../../core/digital-assets.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { digitalAssetsApi } from '../../features/digital-assets/api.ts';
import { AssetCard } from '../../features/digital-assets/asset-card.tsx';
import { AssetDialog } from '../../features/digital-assets/asset-dialog.tsx';
import { RevealDialog, type RevealedAsset } from '../../features/digital-assets/reveal-dialog.tsx';
import { useIdentityConfirmation } from '../../features/security/use-identity-confirmation.tsx';
import { ApiError } from '../../lib/api.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';
import { useOwnerKey } from '../../components/seal/use-owner-key.tsx';

export function loader() {
  return digitalAssetsApi.list();
}

type Editing = { asset: TDigitalAsset | null } | null;

export function Component() {
  const first = useLoaderData<typeof loader>();
  const ownerKey = useOwnerKey(first.seal);
  // Later pages ("Load more") are kept across the actions below.
  const list = useLoadMore(first, 'all', (cursor) => digitalAssetsApi.list(cursor));
  const items = list.items;
  const listRef = useRef<HTMLUListElement>(null);
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [revealed, setRevealed] = useState<RevealedAsset | null>(null);
  const { withConfirmation, dialog: confirmDialog } = useIdentityConfirmation('Secrets are shown only after you confirm it is you (at most every 5 minutes).');
  const [deleting, setDeleting] = useState<TDigitalAsset | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await digitalAssetsApi.remove(deleting.id);
      setNotice({ tone: 'success', text: `Deleted “${deleting.name}”.` });
      list.remove(deleting.id);
      await revalidator.revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  // The server asks for "Confirm it's you" at most every few minutes; the secrets then show for 30 seconds.
  // Sealed secrets are opened here with the Owner Kit instead: the server cannot reveal them.
  async function reveal(asset: TDigitalAsset) {
    if (asset.sealed) {
      ownerKey.withKey((identity) => {
        void digitalAssetsApi
          .openSealed(asset.id, identity)
          .then((secrets) => setRevealed({ asset, secrets, at: Date.now() }))
          .catch(() => setNotice({ tone: 'error', text: `The secrets of “${asset.name}” could not be opened with this Owner Kit.` }));
      });
      return;
    }
    try {
      const secrets = await withConfirmation(() => digitalAssetsApi.reveal(asset.id));
      if (secrets) setRevealed({ asset, secrets, at: Date.now() });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    }
  }

  const add = (
    <WhileEditable>
      <Button onClick={() => setEditing({ asset: null })}>
        <PlusIcon aria-hidden="true" className="size-5" />
        Add Digital Asset
      </Button>
    </WhileEditable>
  );
  return (
    <div className="space-y-8">
      <PageHeader title="Digital Assets" description="Online accounts, money, storage and websites, with what your family needs to reach them." actions={add} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {items.length === 0 ? (
        <EmptyState icon={ComputerDesktopIcon} title={DIGITAL_ASSETS_EMPTY_TEXT} action={add} />
      ) : (
        <ul ref={listRef} aria-label="Digital assets" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((asset) => (
            <AssetCard key={asset.id} asset={asset} onReveal={(a) => void reveal(a)} onEdit={(a) => setEditing({ asset: a })} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <LoadMoreFooter list={list} listRef={listRef} />
      <AssetDialog
        seal={first.seal}
        open={editing !== null}
        asset={editing?.asset ?? null}
        onClose={() => setEditing(null)}
        onSaved={async (a) => {
          setNotice({ tone: 'success', text: editing?.asset ? `Saved “${a.name}”.` : `Added “${a.name}”.` });
          list.replace(a);
          await revalidator.revalidate();
        }}
      />
      <RevealDialog revealed={revealed} onClose={() => setRevealed(null)} onRevealAgain={(a) => void reveal(a)} />
      {confirmDialog}
      {ownerKey.dialog}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete digital asset?"
        description={deleting ? `“${deleting.name}” and its stored secrets will be deleted. This cannot be undone.` : undefined}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
