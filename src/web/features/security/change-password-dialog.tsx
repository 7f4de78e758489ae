import { useState } from 'react';
import { ZChangePasswordRequest } from '../../../core/security.schemas.ts';
import { TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { securityApi } from './api.ts';

/** Change Password: the current one, then the new one twice. Other devices are signed out. */
export function ChangePasswordDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: (message: string) => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const { busy, error, setError, fields: errors, setFields: setErrors, run } = useAction();

  async function submit() {
    setError(null);
    const parsed = ZChangePasswordRequest.safeParse({ currentPassword: current, newPassword: next });
    const fields = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    if (next && repeat !== next) fields.repeat = 'The two new passwords differ';
    setErrors(fields);
    if (Object.keys(fields).length || !parsed.success) return;
    await run(async () => {
      const result = await securityApi.changePassword(parsed.data);
      setCurrent('');
      setNext('');
      setRepeat('');
      onChanged(
        result.otherSessionsEnded
          ? `Your password was changed, and ${result.otherSessionsEnded} other ${result.otherSessionsEnded === 1 ? 'device was' : 'devices were'} signed out.`
          : 'Your password was changed.',
      );
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Change Password"
      description="Changing your password signs you out on every other device."
      submitLabel="Change Password"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={errors.currentPassword} />
      <TextField label="New password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} error={errors.newPassword} hint="At least 10 characters. A few unrelated words make a strong one." />
      <TextField label="Repeat the new password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} error={errors.repeat} />
    </FormDialog>
  );
}
