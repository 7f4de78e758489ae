import { useEffect, useState, type FormEvent } from 'react';
import type { TAdministratorCandidates, TPlatformEstate } from '../../../core/admin-estates.schemas.ts';
import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { adminAccountsApi } from './api.ts';

export interface ManageEstateDialogProps {
  estate: TPlatformEstate | null;
  onClose: () => void;
  onSaved: (estate: TPlatformEstate, notice: string) => void;
}

/**
 * Manage: who administers the estate — chosen from the active users with the Estate Administrator
 * role, searchable. The dialog stays mounted (so it animates); its contents are keyed by the estate.
 */
export function ManageEstateDialog({ estate, onClose, onSaved }: ManageEstateDialogProps) {
  const { busy, error, setError, run } = useAction();
  const [shown, setShown] = useState<TPlatformEstate | null>(estate);
  if (estate && estate !== shown) {
    setShown(estate);
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!shown) return;
    const chosen = new FormData(event.currentTarget).get('administrator');
    if (typeof chosen !== 'string' || !chosen) return setError('Choose an estate administrator from the list.');
    if (chosen === shown.administrator?.id) return setError(`${shown.administrator.name} already administers this estate.`);
    void run(async () => {
      const saved = await adminAccountsApi.assignAdministrator(shown.id, chosen);
      onSaved(saved, `${saved.administrator?.name ?? 'The new administrator'} now administers ${saved.owner.name}'s estate.`);
    });
  }

  return (
    <FormDialog
      open={Boolean(estate)}
      onClose={onClose}
      title={`Manage ${shown?.owner.name ?? ''}'s estate`}
      description={shown ? `${ESTATE_STATUS_LABELS[shown.status]} · ${shown.beneficiaries} beneficiar${shown.beneficiaries === 1 ? 'y' : 'ies'}` : undefined}
      submitLabel="Assign Administrator"
      busy={busy}
      error={error}
      onSubmit={submit}
      size="lg"
    >
      {shown && <Choose key={shown.id} estate={shown} />}
    </FormDialog>
  );
}

function Choose({ estate }: { estate: TPlatformEstate }) {
  const [q, setQ] = useState('');
  const [candidates, setCandidates] = useState<TAdministratorCandidates['items'] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      adminAccountsApi
        .candidates(q.trim().slice(0, 100))
        .then((r) => live && (setCandidates(r.items), setLoadError(null)))
        .catch((e: unknown) => {
          if (!(e instanceof ApiError)) throw e;
          if (live) setLoadError(e.message);
        });
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [q]);

  return (
    <>
      <p className="text-sm text-stone-700">
        Current estate administrator: <span className="font-semibold text-stone-900">{estate.administrator ? `${estate.administrator.name} (${estate.administrator.email})` : 'none assigned'}</span>. A
        new one takes over the estate&apos;s open verifications and alerts; the previous one loses access. The owner and both administrators are notified.
      </p>
      <SearchInput
        label="Search estate administrators"
        name="administrator-search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        // Enter searches (as typing does); it does not assign
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        maxLength={100}
        autoComplete="off"
      />
      {loadError && <Alert tone="error">{loadError}</Alert>}
      <fieldset>
        <legend className="text-sm font-medium text-stone-900">Estate administrator</legend>
        {candidates === null ? (
          <div className="mt-3 flex justify-center">
            <Spinner className="size-5" />
          </div>
        ) : candidates.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No active user with the Estate Administrator role matches. Give someone the role in Users first.</p>
        ) : (
          <ul className="mt-2 max-h-72 divide-y divide-stone-100 overflow-y-auto rounded-lg ring-1 ring-stone-200">
            {candidates.map((c) => (
              <li key={c.id}>
                <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 text-sm hover:bg-stone-50">
                  <input
                    type="radio"
                    name="administrator"
                    value={c.id}
                    defaultChecked={estate.administrator?.id === c.id}
                    className="mt-0.5 size-4 border-stone-300 accent-(--accent-solid)"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-stone-900">{c.name}</span>
                    <span className="block break-all text-stone-600">{c.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </>
  );
}
