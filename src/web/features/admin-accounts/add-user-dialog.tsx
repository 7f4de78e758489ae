import type { FormEvent } from 'react';
import { ZInviteUserRequest, type TPlatformUser } from '../../../core/admin-users.schemas.ts';
import { ROLES } from '../../../core/roles.ts';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues, formText } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { adminAccountsApi } from './api.ts';
import { roleLabel } from './badges.tsx';

/** Add User: name, email and one role; the person is emailed a link that creates their account. */
export function AddUserDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (user: TPlatformUser) => void }) {
  const { busy, error, setError, fields, setFields, run } = useAction();
  const close = () => {
    setError(null);
    setFields({});
    onClose();
  };
  async function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = ZInviteUserRequest.safeParse({ name: formText(form, 'name'), email: formText(form, 'email'), role: formText(form, 'role') });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFields({});
    await run(async () => {
      onAdded(await adminAccountsApi.inviteUser(parsed.data));
      close();
    });
  }
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Add User"
      description="They get an email with a link to choose a password; the account is theirs once they follow it."
      submitLabel="Send Invitation"
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <TextField label="Full Name" name="name" autoComplete="off" maxLength={120} error={fields.name} />
      <TextField label="Email" name="email" type="email" autoComplete="off" error={fields.email} />
      <SelectField label="Role" name="role" defaultValue="" error={fields.role}>
        <option value="" disabled>
          Choose a role
        </option>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
