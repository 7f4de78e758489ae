import { useState, type FormEvent } from 'react';
import { EDITABLE_USER_STATUSES, USER_STATUS_LABELS, ZUpdateUserRequest, type TPlatformUser, type TUpdateUserRequest } from '../../../core/admin-users.schemas.ts';
import { ROLES } from '../../../core/roles.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import type { FieldErrors } from '../../lib/form.ts';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { adminAccountsApi } from './api.ts';
import { roleLabel } from './badges.tsx';

type Step = 'edit' | 'confirm-suspend' | 'confirm-reset';

export interface EditUserDialogProps {
  /** the user being edited; null: closed */
  user: TPlatformUser | null;
  /** the signed-in admin (whose own roles and status only another admin changes, ADR 0076) */
  selfId: string;
  onClose: () => void;
  onSaved: (user: TPlatformUser, notice: string) => void;
}

/** What changed, from the form: only the roles and status that differ from the user's. */
function changesFrom(form: FormData, user: TPlatformUser): Partial<TUpdateUserRequest> {
  const roles = ROLES.filter((r) => form.getAll('roles').includes(r));
  const status = form.get('status');
  return {
    ...(roles.join() !== user.roles.join() ? { roles } : {}),
    ...(typeof status === 'string' && status !== user.status ? { status: status as TUpdateUserRequest['status'] } : {}),
  };
}

/**
 * Edit: roles (at least one) and status (active / suspended), and Reset two-factor. Suspending and
 * resetting each ask first. The server refuses what is not allowed (the last admin, yourself) with
 * a message shown here. The dialogs stay mounted (so they animate in and out); the fields are
 * keyed by the user, so each opening starts from that user's values.
 */
export function EditUserDialog({ user, selfId, onClose, onSaved }: EditUserDialogProps) {
  const { busy, error, setError, fields, setFields, run } = useAction();
  const [shown, setShown] = useState<TPlatformUser | null>(user);
  const [step, setStep] = useState<Step>('edit');
  const [pending, setPending] = useState<TUpdateUserRequest | null>(null);
  if (user && user !== shown) {
    setShown(user);
    setStep('edit');
    setError(null);
    setFields({});
  }
  const open = Boolean(user);

  function save(body: TUpdateUserRequest) {
    if (!shown) return;
    void run(async () => {
      const saved = await adminAccountsApi.updateUser(shown.id, body);
      const what =
        body.status === 'suspended'
          ? `${saved.name} is suspended and signed out everywhere.`
          : body.status === 'active'
            ? `${saved.name} is active again and can sign in.`
            : `${saved.name}'s roles are saved.`;
      onSaved(saved, what);
    }).then((ok) => {
      if (!ok) setStep('edit');
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!shown) return;
    if (shown.id === selfId) return onClose();
    const changes = changesFrom(new FormData(event.currentTarget), shown);
    if (!Object.keys(changes).length) return onClose();
    const parsed = ZUpdateUserRequest.safeParse(changes);
    if (!parsed.success) return setFields(fieldErrorsFromIssues(parsed.error.issues));
    setFields({});
    if (parsed.data.status === 'suspended') {
      setPending(parsed.data);
      return setStep('confirm-suspend');
    }
    save(parsed.data);
  }

  function resetTwoFactor() {
    if (!shown) return;
    void run(async () => {
      const saved = await adminAccountsApi.resetTwoFactor(shown.id);
      onSaved(saved, `Two-factor authentication for ${saved.name} was reset; they were emailed to set it up again.`);
    }).then((ok) => {
      if (!ok) setStep('edit');
    });
  }

  const name = shown?.name ?? '';
  return (
    <>
      <FormDialog
        open={open && step === 'edit'}
        onClose={onClose}
        title={`Edit ${name}`}
        description={shown?.email}
        submitLabel="Save Changes"
        busy={busy}
        error={error}
        onSubmit={submit}
      >
        {shown && <EditFields key={shown.id} user={shown} self={shown.id === selfId} fields={fields} onResetTwoFactor={() => setStep('confirm-reset')} />}
      </FormDialog>
      <ConfirmDialog
        open={open && step === 'confirm-suspend'}
        title={`Suspend ${name}?`}
        confirmLabel="Suspend User"
        busy={busy}
        onConfirm={() => pending && save(pending)}
        onClose={() => setStep('edit')}
      >
        <p>They are signed out of every device at once and cannot sign in until you reactivate the account. Nothing in their account is deleted.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open && step === 'confirm-reset'}
        title={`Reset two-factor for ${name}?`}
        confirmLabel="Reset Two-Factor"
        busy={busy}
        onConfirm={resetTwoFactor}
        onClose={() => setStep('edit')}
      >
        <p>
          Their authenticator codes and recovery codes stop working, and they are emailed to set two-factor up again. Do this only when you are sure
          the request came from them.
        </p>
      </ConfirmDialog>
    </>
  );
}

function EditFields({ user, self, fields, onResetTwoFactor }: { user: TPlatformUser; self: boolean; fields: FieldErrors; onResetTwoFactor: () => void }) {
  const invited = user.status === 'invited';
  return (
    <>
      {self && <Alert tone="info">You cannot change your own roles or status. Ask another administrator to do it.</Alert>}
      <fieldset aria-describedby={fields.roles ? 'edit-roles-error' : undefined}>
        <legend className="text-sm font-medium text-stone-900">Roles</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {ROLES.map((r) => {
            return (
              <label key={r} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  name="roles"
                  value={r}
                  defaultChecked={user.roles.includes(r)}
                  disabled={self}
                  className="size-4 rounded border-stone-300 accent-(--accent-solid)"
                />
                {roleLabel(r)}
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
                  defaultChecked={user.status === s}
                  disabled={self}
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
        <p className="mt-1 text-stone-600">{user.twoFactorEnabled ? 'On. Reset it when they lost their authenticator app.' : 'Not set up.'}</p>
        {user.twoFactorEnabled && (
          <Button className="mt-3" size="sm" variant="secondary" onClick={onResetTwoFactor}>
            Reset Two-Factor
          </Button>
        )}
      </div>
    </>
  );
}
