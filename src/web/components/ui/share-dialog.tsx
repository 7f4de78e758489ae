import { useEffect, useId, useState } from 'react';
import { RELEASES, RELEASE_LABELS, type Release, type TShareAudienceMember, type TShareRequest, type TShareState } from '../../../core/sharing.schemas.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** What is being shared, e.g. "Summer at Cape May". */
  itemTitle: string;
  /** "memory" or "document", for the wording. */
  itemKind: string;
  current: TShareState;
  beneficiaries: TShareAudienceMember[];
  /** Saves the choice; a thrown Error's message is shown. */
  onSave: (share: TShareRequest) => Promise<void>;
}

const RELEASE_HINTS: Record<Release, string> = {
  now: 'They can see it as soon as you share it.',
  after_activation: 'They see it only once your estate is activated.',
};

/** Share: pick beneficiaries (or all of them) and whether they see the item now or after activation. */
export function ShareDialog({ open, onClose, itemTitle, itemKind, current, beneficiaries, onSave }: ShareDialogProps) {
  const [all, setAll] = useState(current.all);
  const [chosen, setChosen] = useState<string[]>(current.beneficiaryIds);
  const [release, setRelease] = useState<Release>(current.release);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const groupId = useId();

  useEffect(() => {
    if (!open) return;
    setAll(current.all);
    setChosen(current.beneficiaryIds);
    setRelease(current.release);
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start from the saved state each time it opens, not when the list reloads
  }, [open]);

  const toggle = (id: string) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await onSave({ all, beneficiaryIds: all ? [] : chosen, release });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Sharing failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Share “${itemTitle}”`}
      description={`Choose who can see this ${itemKind}, and when.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            Save sharing
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        {error && <Alert tone="error">{error}</Alert>}
        {beneficiaries.length === 0 ? (
          <p className="text-sm text-stone-600">
            You have no beneficiaries yet. Add them on the Beneficiaries page, then share with them here.
          </p>
        ) : (
          <fieldset>
            <legend className="text-sm font-semibold text-stone-900">Share with</legend>
            <div className="mt-3 space-y-3">
              <label className="flex items-center gap-3 text-sm text-stone-900">
                <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} className="size-4 rounded border-stone-300 accent-(--accent-solid)" />
                <span>
                  <span className="font-medium">All beneficiaries</span>
                  <span className="block text-stone-600">Including anyone you add later</span>
                </span>
              </label>
              <ul aria-labelledby={groupId} className="grid gap-2 sm:grid-cols-2">
                {beneficiaries.map((b) => (
                  <li key={b.id}>
                    <label className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-stone-200 ${all ? 'text-stone-500' : 'text-stone-900'}`}>
                      <input
                        type="checkbox"
                        disabled={all}
                        checked={all || chosen.includes(b.id)}
                        onChange={() => toggle(b.id)}
                        className="size-4 rounded border-stone-300 accent-(--accent-solid)"
                      />
                      <span>
                        {b.name}
                        <span className="block text-xs text-stone-600">{b.relationship}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              <span id={groupId} className="sr-only">
                Beneficiaries
              </span>
            </div>
          </fieldset>
        )}
        <fieldset>
          <legend className="text-sm font-semibold text-stone-900">When can they see it?</legend>
          <div className="mt-3 space-y-3">
            {RELEASES.map((r) => (
              <label key={r} className="flex items-start gap-3 text-sm text-stone-900">
                <input type="radio" name="release" value={r} checked={release === r} onChange={() => setRelease(r)} className="mt-0.5 size-4 accent-(--accent-solid)" />
                <span>
                  <span className="font-medium">{RELEASE_LABELS[r]}</span>
                  <span className="block text-stone-600">{RELEASE_HINTS[r]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}

/** "Shared with N" (or "Not shared"), and when. */
export function shareSummary(share: TShareState): string {
  if (share.count === 0 && !share.all) return 'Not shared yet';
  const who = share.all ? `Shared with ${share.count} (everyone)` : `Shared with ${share.count}`;
  return share.release === 'after_activation' ? `${who} · after activation` : who;
}
