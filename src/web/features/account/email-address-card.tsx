import { CheckBadgeIcon, ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ZChangeEmailRequest } from '../../../core/account-links.schemas.ts';
import type { TAccount } from '../../../core/account.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, formText } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { accountApi } from './api.ts';

/**
 * The signed-in user's email address on their account screens: verified or not (with "Send
 * verification email"), an email change waiting for its link, and "Change email" (current
 * password; the new address gets a link, the old one is told).
 */
export function EmailAddressCard() {
  const [account, setAccount] = useState<TAccount | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const send = useAction();

  const load = useCallback(() => {
    accountApi
      .get()
      .then(setAccount)
      .catch((e: unknown) => setLoadError(e instanceof ApiError ? e.message : 'Your account could not be loaded.'));
  }, []);
  useEffect(load, [load]);

  async function sendVerification() {
    setNotice(null);
    await send.run(async () => {
      const result = await accountApi.sendVerification();
      setNotice(result.status === 'sent' ? `We sent a verification link to ${account?.email}. It works for 3 days.` : 'Your email address is already verified.');
      load();
    });
  }

  return (
    <Card
      title="Email address"
      description="You sign in with it, and password resets and security notices go to it."
      actions={
        account && (
          <Button variant="secondary" onClick={() => setChanging(true)}>
            Change email
          </Button>
        )
      }
    >
      {loadError && <Alert tone="error">{loadError}</Alert>}
      {!account && !loadError && (
        <div role="status" className="flex justify-center py-4 text-stone-500">
          <Spinner className="size-5" />
          <span className="sr-only">Loading your email address…</span>
        </div>
      )}
      {account && (
        <div className="space-y-4">
          {notice && <Alert tone="success">{notice}</Alert>}
          {send.error && <Alert tone="error">{send.error}</Alert>}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="min-w-0 font-medium break-all text-stone-900">{account.email}</p>
            {account.emailVerified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-600/20">
                <CheckBadgeIcon aria-hidden="true" className="size-4" />
                Verified
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/30">
                <ExclamationTriangleIcon aria-hidden="true" className="size-4" />
                Not verified
              </span>
            )}
          </div>
          {!account.emailVerified && (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-stone-700">Confirm this address so that password resets and security notices reach you.</p>
              <Button size="sm" onClick={() => void sendVerification()} loading={send.busy}>
                Send verification email
              </Button>
            </div>
          )}
          {account.pendingEmail && (
            <p className="text-sm text-stone-700">
              Waiting for confirmation: we sent a link to <strong className="break-all">{account.pendingEmail}</strong>. Your address changes when it is followed.
            </p>
          )}
        </div>
      )}
      <ChangeEmailDialog
        open={changing}
        current={account?.email ?? ''}
        onClose={() => setChanging(false)}
        onRequested={(newEmail) => {
          setChanging(false);
          setNotice(`Check ${newEmail}: we sent it a link. Your address changes when it is followed. We also told ${account?.email ?? 'your current address'}.`);
          load();
        }}
      />
    </Card>
  );
}

function ChangeEmailDialog({ open, current, onClose, onRequested }: { open: boolean; current: string; onClose: () => void; onRequested: (newEmail: string) => void }) {
  const { busy, error, setError, fields, setFields, run } = useAction();
  useEffect(() => {
    if (!open) return;
    setError(null);
    setFields({});
  }, [open, setError, setFields]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = ZChangeEmailRequest.safeParse({ newEmail: formText(form, 'newEmail'), currentPassword: formText(form, 'currentPassword') });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFields({});
    await run(async () => {
      const result = await accountApi.changeEmail(parsed.data);
      onRequested(result.newEmail);
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Change email address"
      description={`Now: ${current}. We send a link to the new address; your address changes only when it is followed.`}
      submitLabel="Send confirmation link"
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <TextField label="New email address" name="newEmail" type="email" autoComplete="email" required error={fields.newEmail} />
      <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={fields.currentPassword} />
    </FormDialog>
  );
}
