import { useEffect, useState } from 'react';
import type { TTwoFactorSetup } from '../../../core/security.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { securityApi } from './api.ts';
import { saveFile } from '../../lib/save-file.ts';

/**
 * Turn two-factor on: scan the QR code (or type the key), confirm with a code from the app, then
 * keep the recovery codes, which are shown only this once.
 */
export function TwoFactorSetupDialog({ open, onClose, onEnabled }: { open: boolean; onClose: () => void; onEnabled: () => void }) {
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const { busy, error, setError, fields, setFields, run } = useAction();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setSetup(null);
    setCode('');
    setError(null);
    setFields({});
    setRecoveryCodes(null);
    securityApi
      .startSetup()
      .then((s) => live && setSetup(s))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'Two-factor setup could not start.'));
    return () => {
      live = false;
    };
  }, [open, setError, setFields]);

  async function confirm() {
    if (!code.trim()) {
      setFields({ code: 'Enter the 6-digit code from your app' });
      return;
    }
    await run(async () => {
      const result = await securityApi.confirm(code);
      setRecoveryCodes(result.recoveryCodes);
      onEnabled();
    });
  }

  function download() {
    if (!recoveryCodes) return;
    saveFile('heirloom-recovery-codes.txt', `Heirloom recovery codes\nEach code works once.\n\n${recoveryCodes.join('\n')}\n`, 'text/plain');
  }

  if (recoveryCodes) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title="Two-factor authentication is on"
        description="Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now."
        footer={
          <>
            <Button variant="secondary" onClick={download}>
              Download codes
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        }
      >
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-stone-50 p-4 font-mono text-base text-stone-900 ring-1 ring-stone-200">
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Turn on two-factor authentication"
      description="Scan the QR code with an authenticator app (such as Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows."
      submitLabel="Turn on"
      busy={busy}
      submitDisabled={!setup}
      error={error}
      onSubmit={() => void confirm()}
    >
      {!setup && !error && (
        <div role="status" className="flex justify-center py-10 text-stone-500">
          <Spinner className="size-6" />
          <span className="sr-only">Preparing your QR code…</span>
        </div>
      )}
      {setup && (
        <>
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
            <img src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" width={180} height={180} className="rounded-lg ring-1 ring-stone-200" />
            <div className="min-w-0 text-sm text-stone-600">
              <p>Can’t scan it? Enter this key in your app instead:</p>
              <p className="mt-2 rounded-md bg-stone-50 px-3 py-2 font-mono text-sm break-all text-stone-900 ring-1 ring-stone-200" data-testid="totp-secret">
                {setup.secret}
              </p>
            </div>
          </div>
          <TextField
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={fields.code}
          />
        </>
      )}
    </FormDialog>
  );
}

/** Turn two-factor off: proven with a code from the app or a recovery code. */
export function TwoFactorDisableDialog({ open, onClose, onDisabled }: { open: boolean; onClose: () => void; onDisabled: () => void }) {
  const [code, setCode] = useState('');
  const { busy, error, fields, setFields, run } = useAction();

  async function submit() {
    if (!code.trim()) {
      setFields({ code: 'Enter a code' });
      return;
    }
    await run(async () => {
      await securityApi.disable(code);
      setCode('');
      onDisabled();
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Turn off two-factor authentication"
      description="Your account will be protected by your password alone. Enter a code from your authenticator app, or one of your recovery codes, to confirm."
      submitLabel="Turn off"
      submitVariant="danger"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      <TextField label="Authentication or recovery code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={fields.code} />
    </FormDialog>
  );
}
