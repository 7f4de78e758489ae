import { ZInviteUserRequest, type TPlatformUser } from '../../../core/admin-users.schemas.ts';
import { ROLES } from '../../../core/roles.ts';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { adminAccountsApi } from './api.ts';
import { roleLabel } from './badges.tsx';
import { InviteDialog } from './invite-dialog.tsx';

/** Add User: name, email and one role; the person is emailed a link that creates their account. */
export function AddUserDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (user: TPlatformUser) => void }) {
  return (
    <InviteDialog
      open={open}
      onClose={onClose}
      title="Add User"
      description="They get an email with a link to choose a password; the account is theirs once they follow it."
      schema={ZInviteUserRequest}
      names={['name', 'email', 'role']}
      send={adminAccountsApi.inviteUser}
      onSent={onAdded}
    >
      {(fields) => (
        <>
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
        </>
      )}
    </InviteDialog>
  );
}
