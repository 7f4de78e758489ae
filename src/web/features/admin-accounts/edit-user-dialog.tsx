import { useState, type FormEvent } from 'react';
import { EDITABLE_USER_STATUSES, USER_STATUS_LABELS, ZUpdateUserRequest, type TPlatformUser } from '../../../core/admin-users.schemas.ts';
import { ROLES, type Role } from '../../../core/roles.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { adminAccountsApi } from './api.ts';
import { roleLabel } from './badges.tsx';

type Step = 'edit' | 'confirm-suspend' | 'confirm-reset';

export interface EditUserDialogProps {
  user: TPlatformUser | null;
  /** the signed-in admin (who cannot suspend themself or drop their own admin role) */
  selfId: string;
  onClose: () => void;
  onSaved: (user: TPlatformUser, notice: string) => void;
}

/**
 * Edit: roles (at least one) and status (active / suspended), and Reset two-factor. Suspending and
 * resetting each ask first. The server refuses what is not allowed (the last admin, yourself) with
 * a message shown here.
 */
export function EditUserDialog({ user, selfId, onClose, onSaved }: EditUserDialogProps) {
  return user ? <EditUser key={user.id} user={user} selfId={selfId} onClose={onClose} onSaved={onSaved} /> : null;
}

function EditUser({ user, selfId, onClose, onSaved }: EditUserDialogProps & { user: TPlatformUser }) {
  const { busy, error, setError, fields, setFields, run } = useAction();
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [status, setStatus] = useState(user.status);
  const [step, setStep] = useState<Step>('edit');
  const self = user.id === selfId;
  const invited = user.status === 'invited';

  const body = () => ({
    ...(roles.join() !== user.roles.join() || roles.length === 0 ? { roles } : {}),
    ...(status !== user.status && !invited ? { status } : {}),
  });

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const parsed = ZUpdateUserRequest.safeParse(body());
    if (!parsed.success) {
      const found = fieldErrorsFromIssues(parsed.error.issues);
      if (Object.keys(found).length) setFields(found);
      else onClose(); // nothing changed
      return;
    }
    setFields({});
    if (parsed.data.status === 'suspended' && step === 'edit') return setStep('confirm-suspend');
    void run(async () => {
      const saved = await adminAccountsApi.updateUser(user.id, parsed.data);
      const what =
        parsed.data.status === 'suspended'
          ? `${saved.name} is suspended and signed out everywhere.`
          : parsed.data.status === 'active'
            ? `${saved.name} is active again and can sign in.`
            : `${saved.name}'s roles are saved.`;
      onSaved(saved, what);
    }).then((ok) => {
      if (!ok) setStep('edit');
    });
  }

  function resetTwoFactor() {
    void run(async () => {
      const saved = await adminAccountsApi.resetTwoFactor(user.id);
      onSaved(saved, `Two-factor authentication for ${saved.name} was reset; they were emailed to set it up again.`);
    }).then((ok) => {
      if (!ok) setStep('edit');
    });
  }

  if (step === 'confirm-suspend') {
    return (
      <ConfirmDialog open title={`Suspend ${user.name}?`} confirmLabel="Suspend User" busy={busy} onConfirm={() => submit()} onClose={() => setStep('edit')}>
        <p>They are signed out of every device at once and cannot sign in until you reactivate the account. Nothing in their account is deleted.</p>
      </ConfirmDialog>
    );
  }
  if (step === 'confirm-reset') {
    return (
      <ConfirmDialog open title={`Reset two-factor for ${user.name}?`} confirmLabel="Reset Two-Factor" busy={busy} onConfirm={resetTwoFactor} onClose={() => setStep('edit')}>
        <p>Their authenticator codes and recovery codes stop working, and they are emailed to set two-factor up again. Do this only when you are sure the request came from them.</p>
      </ConfirmDialog>
    );
  }

  return (
    <FormDialog
      open
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={`Edit ${user.name}`}
      description={user.email}
      submitLabel="Save Changes"
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <fieldset aria-describedby={fields.roles ? 'edit-roles-error' : undefined}>
        <legend className="text-sm font-medium text-stone-900">Roles</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {ROLES.map((r) => {
            const locked = self && r === 'admin';
            return (
              <label key={r} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  name="roles"
                  value={r}
                  checked={roles.includes(r)}
                  disabled={locked}
                  onChange={(e) => setRoles(e.target.checked ? ROLES.filter((x) => x === r || roles.includes(x)) : roles.filter((x) => x !== r))}
                  className="size-4 rounded border-stone-300 accent-(--accent-solid)"
                />
                {roleLabel(r)}
                {locked && <span className="text-stone-500">(your own)</span>}
              </label>
            );
          })}
        </div>
        {fields.roles && (
          <p id="edit-roles-error" className="mt-1.5 text-sm font-medium text-red-700">
            {fields.roles}
          </p>
        )}
      </fieldset>

      {invited ? (
        <Alert tone="info">{user.name} has not accepted the invitation yet. The account becomes active when they follow the emailed link.</Alert>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-stone-900">Status</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {EDITABLE_USER_STATUSES.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name="status"
                  value={s}
                  checked={status === s}
                  disabled={self && s === 'suspended'}
                  onChange={() => setStatus(s)}
                  className="size-4 border-stone-300 accent-(--accent-solid)"
                />
                {USER_STATUS_LABELS[s]}
              </label>
            ))}
          </div>
          {fields.status && <p className="mt-1.5 text-sm font-medium text-red-700">{fields.status}</p>}
        </fieldset>
      )}

      <div className="rounded-lg bg-stone-50 p-4 text-sm ring-1 ring-stone-200">
        <p className="font-medium text-stone-900">Two-factor authentication</p>
        <p className="mt-1 text-stone-600">
          {user.twoFactorEnabled ? 'On. Reset it when they lost their authenticator app.' : 'Not set up.'}
        </p>
        {user.twoFactorEnabled && (
          <Button className="mt-3" size="sm" variant="secondary" onClick={() => setStep('confirm-reset')}>
            Reset Two-Factor
          </Button>
        )}
      </div>
    </FormDialog>
  );
}
