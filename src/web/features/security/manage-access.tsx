import { CheckIcon, ComputerDesktopIcon, DevicePhoneMobileIcon, MinusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { ACCESS_FLAG_LABELS, ACCESS_FLAGS } from '../../../core/constants.ts';
import type { TAccessOverview, TSessionInfo } from '../../../core/security.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { securityApi } from './api.ts';
import { dateTime, timeAgo } from './format.ts';

/** Signed-in devices (revocable, this one marked). */
export function SessionList({ sessions, onChanged }: { sessions: TSessionInfo[]; onChanged: (message: string) => void }) {
  const [revoking, setRevoking] = useState<TSessionInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await securityApi.revokeSession(revoking.id);
      onChanged(`${revoking.device} was signed out.`);
      setRevoking(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'That device could not be signed out.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <ul className="divide-y divide-stone-100" aria-label="Signed-in devices">
        {sessions.map((s) => {
          const Icon = /iOS|Android/.test(s.device) ? DevicePhoneMobileIcon : ComputerDesktopIcon;
          return (
            <li key={s.id} className="flex flex-wrap items-center gap-4 py-3">
              <Icon aria-hidden="true" className="size-6 shrink-0 text-stone-400" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">
                  {s.device}
                  {s.current && (
                    <span className="ml-2 inline-flex rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200 ring-inset">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-600">
                  {s.ip || 'Unknown address'} · active <time dateTime={s.lastActiveAt} title={dateTime(s.lastActiveAt)}>{timeAgo(s.lastActiveAt)}</time>
                </p>
              </div>
              {!s.current && (
                <Button variant="secondary" size="sm" onClick={() => setRevoking(s)} aria-label={`Revoke access for ${s.device}`}>
                  Revoke
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Sign out this device?"
        description={revoking ? `${revoking.device} (${revoking.ip || 'unknown address'}) will have to sign in again.` : undefined}
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => void revoke()}
      />
    </>
  );
}

/** Who can see what: each beneficiary's five access flags. */
export function WhoCanSeeWhat({ beneficiaries }: { beneficiaries: TAccessOverview['beneficiaries'] }) {
  if (beneficiaries.length === 0) return <p className="text-sm text-stone-600">No beneficiaries yet: nobody can see your estate.</p>;
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too.
    <div role="region" aria-label="What each beneficiary can see" tabIndex={0} className="relative -mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-solid sm:mx-0">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">What each beneficiary can see</caption>
        <thead>
          <tr className="border-b border-stone-200 text-stone-600">
            <th scope="col" className="px-5 py-2 font-medium sm:pl-0">
              Beneficiary
            </th>
            {ACCESS_FLAGS.map((flag) => (
              <th key={flag} scope="col" className="px-3 py-2 text-center font-medium">
                {ACCESS_FLAG_LABELS[flag]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {beneficiaries.map((b) => (
            <tr key={b.id}>
              <th scope="row" className="px-5 py-3 font-medium text-stone-900 sm:pl-0">
                {b.name}
                <span className="block text-xs font-normal text-stone-500">
                  {b.relationship}
                  {b.hasAccount ? '' : ' · invitation not accepted'}
                </span>
              </th>
              {ACCESS_FLAGS.map((flag) => (
                <td key={flag} className="px-3 py-3 text-center">
                  {b.access[flag] ? (
                    <CheckIcon aria-hidden="true" className="mx-auto size-5 text-green-700" />
                  ) : (
                    <MinusIcon aria-hidden="true" className="mx-auto size-5 text-stone-400" />
                  )}
                  <span className="sr-only">{b.access[flag] ? 'Yes' : 'No'}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
