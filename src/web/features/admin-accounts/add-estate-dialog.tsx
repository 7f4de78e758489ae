import type { FormEvent } from 'react';
import { ZInviteEstateOwnerRequest, type TPlatformEstate } from '../../../core/admin-estates.schemas.ts';
import { TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues, formText } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { adminAccountsApi } from './api.ts';

/** Add Estate: invites a new estate owner by email; their empty estate is listed at once. */
export function AddEstateDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (estate: TPlatformEstate) => void }) {
  const { busy, error, setError, fields, setFields, run } = useAction();
  const close = () => {
    setError(null);
    setFields({});
    onClose();
  };
  async function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = ZInviteEstateOwnerRequest.safeParse({ name: formText(form, 'name'), email: formText(form, 'email') });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFields({});
    await run(async () => {
      onAdded(await adminAccountsApi.inviteOwner(parsed.data));
      close();
    });
  }
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Add Estate"
      description="Invite the estate's owner by email. Their private estate is ready when they follow the link and choose a password."
      submitLabel="Send Invitation"
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <TextField label="Owner's Full Name" name="name" autoComplete="off" maxLength={120} error={fields.name} />
      <TextField label="Owner's Email" name="email" type="email" autoComplete="off" error={fields.email} />
    </FormDialog>
  );
}
