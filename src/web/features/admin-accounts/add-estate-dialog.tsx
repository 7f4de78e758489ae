import { ZInviteEstateOwnerRequest, type TPlatformEstate } from '../../../core/admin-estates.schemas.ts';
import { TextField } from '../../components/ui/field.tsx';
import { adminAccountsApi } from './api.ts';
import { InviteDialog } from './invite-dialog.tsx';

/** Add Estate: invites a new estate owner by email; their empty estate is listed at once. */
export function AddEstateDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (estate: TPlatformEstate) => void }) {
  return (
    <InviteDialog
      open={open}
      onClose={onClose}
      title="Add Estate"
      description="Invite the estate's owner by email. Their private estate is ready when they follow the link and choose a password."
      schema={ZInviteEstateOwnerRequest}
      names={['name', 'email']}
      send={adminAccountsApi.inviteOwner}
      onSent={onAdded}
    >
      {(fields) => (
        <>
          <TextField label="Owner's Full Name" name="name" autoComplete="off" maxLength={120} error={fields.name} />
          <TextField label="Owner's Email" name="email" type="email" autoComplete="off" error={fields.email} />
        </>
      )}
    </InviteDialog>
  );
}
