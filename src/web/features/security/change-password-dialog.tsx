import { useState, type FormEvent } from 'react';
import { ZChangePasswordRequest } from '../../../core/security.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
import { securityApi } from './api.ts';

/** Change Password: the current one, then the new one twice. Other devices are signed out. */
export function ChangePasswordDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: (message: string) => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = ZChangePasswordRequest.safeParse({ currentPassword: current, newPassword: next });
    const fields = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    if (next && repeat !== next) fields.repeat = 'The two new passwords differ';
    setErrors(fields);
    if (Object.keys(fields).length || !parsed.success) return;
    setBusy(true);
    try {
      const result = await securityApi.changePassword(parsed.data);
      setCurrent('');
      setNext('');
      setRepeat('');
      onChanged(
        result.otherSessionsEnded
          ? `Your password was changed, and ${result.otherSessionsEnded} other ${result.otherSessionsEnded === 1 ? 'device was' : 'devices were'} signed out.`
          : 'Your password was changed.',
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErrors(e.fields ?? {});
      setError(e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Change Password"
      description="Changing your password signs you out on every other device."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="change-password" loading={busy}>
            Change Password
          </Button>
        </>
      }
    >
      <form id="change-password" noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={errors.currentPassword} />
        <TextField label="New password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} error={errors.newPassword} hint="At least 10 characters. A few unrelated words make a strong one." />
        <TextField label="Repeat the new password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} error={errors.repeat} />
      </form>
    </Dialog>
  );
}
