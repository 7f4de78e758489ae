import { TrashIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETION_GRACE_DAYS, type TAccountDeletionScheduled } from '../../../core/account-deletion.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { clearSession } from '../../lib/session.ts';
import { confirmIdentityApi } from './confirm-identity-api.ts';
import { ConfirmIdentityDialog } from './confirm-identity-dialog.tsx';

/** Where the user lands after asking: the sign-in page says when the deletion happens and how to cancel it. */
export const DELETION_SCHEDULED_PARAM = 'deletion';

/**
 * Settings → Delete my account: the password (and the two-factor code when on), then the estate
 * and the account are removed after ACCOUNT_DELETION_GRACE_DAYS days; signing in before cancels it.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <Card
      title="Delete my account"
      description={`Permanently delete your estate and your account, ${ACCOUNT_DELETION_GRACE_DAYS} days after you ask.`}
    >
      <div className="space-y-4 text-sm text-stone-700">
        <p>
          Everything you keep here goes: memories, documents and their files, digital assets and their secrets, beneficiaries, tasks,
          appointments and future messages. Your beneficiaries are told by email when it is done.
        </p>
        <p>
          You are signed out on every device at once. For {ACCOUNT_DELETION_GRACE_DAYS} days you can change your mind: signing in again
          cancels the deletion.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          <TrashIcon aria-hidden="true" className="size-4" />
          Delete my account
        </Button>
      </div>
      <ConfirmIdentityDialog
        open={open}
        requireAll
        purpose={`To delete your account, confirm it's you. It is deleted in ${ACCOUNT_DELETION_GRACE_DAYS} days unless you sign in before.`}
        submitLabel="Delete my account"
        submitVariant="danger"
        submit={confirmIdentityApi.requestDeletion}
        onClose={() => setOpen(false)}
        onConfirmed={(result) => {
          const { deletionDueAt } = result as TAccountDeletionScheduled;
          setOpen(false);
          clearSession();
          void navigate(`/sign-in?${DELETION_SCHEDULED_PARAM}=${encodeURIComponent(deletionDueAt)}`, { replace: true });
        }}
      />
    </Card>
  );
}
