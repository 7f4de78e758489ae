import { LockClosedIcon } from '@heroicons/react/24/outline';
import { useEffect, useState, type ReactNode } from 'react';
import type { TConfirmIdentityRequest, TConfirmIdentityStatus } from '../../../core/confirm-identity.schemas.ts';
import type { ButtonVariant } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAction } from '../../lib/use-action.ts';
import { confirmIdentityApi } from './confirm-identity-api.ts';

export interface ConfirmIdentityDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after the server accepted the proof (with what `submit` returned). */
  onConfirmed: (result: unknown) => void;
  /** What the confirmation is for, in a sentence. */
  purpose?: ReactNode;
  /** Ask for the password and, with two-factor on, the code as well (deleting the account). */
  requireAll?: boolean;
  /** Where the proof goes (default: POST /api/v1/session/confirm, which confirms the session for a few minutes). */
  submit?: (proof: TConfirmIdentityRequest) => Promise<unknown>;
  submitLabel?: string;
  submitVariant?: ButtonVariant;
}

/**
 * "Confirm it's you": the password again — or, with two-factor on, a code from the authenticator
 * app — before a sensitive action (revealing a secret, exporting secrets, deleting the account).
 * Wrong answers count towards the account's lock-out; the server's message is shown as it comes.
 */
export function ConfirmIdentityDialog({
  open,
  onClose,
  onConfirmed,
  purpose,
  requireAll = false,
  submit = confirmIdentityApi.confirm,
  submitLabel = 'Confirm',
  submitVariant = 'primary',
}: ConfirmIdentityDialogProps) {
  const [status, setStatus] = useState<TConfirmIdentityStatus | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, setError, fields, setFields, run } = useAction();

  useEffect(() => {
    if (!open) return;
    setPassword('');
    setCode('');
    setError(null);
    setFields({});
    let live = true;
    void confirmIdentityApi.status().then((s) => live && setStatus(s), () => live && setError('Could not reach the server. Try again.'));
    return () => {
      live = false;
    };
  }, [open, setError, setFields]);

  const askCode = status?.twoFactorEnabled ?? false;
  const askPassword = status !== null && (requireAll || !askCode);

  async function onSubmit() {
    const missing: Record<string, string> = {};
    if (askPassword && !password) missing.password = 'Enter your password';
    if (askCode && !code.trim()) missing.code = 'Enter the code from your authenticator app';
    setFields(missing);
    if (Object.keys(missing).length) return;
    await run(async () => {
      const result = await submit({ ...(askPassword ? { password } : {}), ...(askCode ? { code: code.trim() } : {}) });
      onConfirmed(result);
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Confirm it's you"
      description={purpose}
      submitLabel={submitLabel}
      submitVariant={submitVariant}
      submitDisabled={status === null}
      busy={busy}
      error={error}
      onSubmit={() => void onSubmit()}
    >
      {status === null ? (
        <p className="flex items-center gap-2 text-sm text-stone-600">
          <Spinner />
          Loading…
        </p>
      ) : (
        <>
          <p className="flex gap-3 text-sm text-stone-700">
            <LockClosedIcon aria-hidden="true" className="size-5 shrink-0 text-accent-icon" />
            {askPassword && askCode
              ? 'Enter your password and the 6-digit code from your authenticator app.'
              : askCode
                ? 'Enter the 6-digit code from your authenticator app (a recovery code works too).'
                : 'Enter your password again.'}
          </p>
          {askPassword && (
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (fields.password) setFields({ ...fields, password: '' });
              }}
              error={fields.password || undefined}
              hint={status.demoPasswordHint ? `Demo accounts share the password “${status.demoPasswordHint}”.` : undefined}
            />
          )}
          {askCode && (
            <TextField
              label="Authentication code"
              autoComplete="one-time-code"
              inputMode="numeric"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus={!askPassword}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (fields.code) setFields({ ...fields, code: '' });
              }}
              error={fields.code || undefined}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
