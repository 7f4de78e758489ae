import type { FormEvent } from 'react';
import { ZRejectRequest, type TVerificationItem } from '../../../core/lifecycle.schemas.ts';
import { TextAreaField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { estateAdministratorApi } from './api.ts';

/**
 * Reject a pending document, with the reason the person who reported it is told. Give it a fresh
 * `key` each time it opens so the reason starts empty.
 */
export function RejectDialog({
  item,
  open,
  onClose,
  onRejected,
}: {
  item: TVerificationItem | null;
  open: boolean;
  onClose: () => void;
  onRejected: (item: TVerificationItem) => void;
}) {
  const { busy, error, fields, setFields, run } = useAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!item) return;
    const parsed = ZRejectRequest.safeParse({ reason: String(new FormData(event.currentTarget).get('reason') ?? '') });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFields({});
    await run(async () => onRejected(await estateAdministratorApi.reject(item.id, parsed.data.reason)));
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Reject this document?"
      description={item ? `${item.documentLabel} for ${item.estateName}, submitted by ${item.submittedBy}.` : undefined}
      submitLabel="Reject"
      submitVariant="danger"
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <TextAreaField
        label="Reason"
        name="reason"
        rows={4}
        maxLength={500}
        required
        hint={`${item?.submittedBy ?? 'The person who submitted it'} is told this reason, so write it for them.`}
        error={fields.reason}
      />
    </FormDialog>
  );
}
