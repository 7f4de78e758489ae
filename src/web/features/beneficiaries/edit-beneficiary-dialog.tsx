import type { FormEvent } from 'react';
import { ZUpdateBeneficiaryRequest, type TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { beneficiariesApi } from './api.ts';
import { BeneficiaryFields, readBeneficiaryFields } from './beneficiary-fields.tsx';

/** Edit a beneficiary's details. A new email for someone who has not accepted re-sends the invitation. */
export function EditBeneficiaryDialog({
  beneficiary,
  onClose,
  onSaved,
}: {
  beneficiary: TBeneficiary | null;
  onClose: () => void;
  onSaved: (b: TBeneficiary, emailChanged: boolean) => void;
}) {
  const { busy, error, fields, setFields, run } = useAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!beneficiary) return;
    const parsed = ZUpdateBeneficiaryRequest.safeParse(readBeneficiaryFields(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    await run(async () => {
      const saved = await beneficiariesApi.update(beneficiary.id, parsed.data);
      onSaved(saved, saved.email !== beneficiary.email);
    });
  }

  return (
    <FormDialog
      open={beneficiary !== null}
      onClose={onClose}
      title={beneficiary ? `Edit ${beneficiary.name}` : 'Edit beneficiary'}
      size="lg"
      submitLabel="Save Changes"
      busy={busy}
      error={beneficiary && error}
      onSubmit={(e) => void submit(e)}
    >
      {beneficiary && (
        <>
          <BeneficiaryFields initial={beneficiary} fields={fields} />
          {beneficiary.status === 'invited' && (
            <p className="text-sm text-stone-600">Changing the email sends a new invitation to the new address.</p>
          )}
        </>
      )}
    </FormDialog>
  );
}
