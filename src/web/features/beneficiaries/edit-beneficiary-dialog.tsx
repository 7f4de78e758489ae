import { useState, type FormEvent } from 'react';
import { ZUpdateBeneficiaryRequest, type TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
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
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!beneficiary) return;
    const parsed = ZUpdateBeneficiaryRequest.safeParse(readBeneficiaryFields(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await beneficiariesApi.update(beneficiary.id, parsed.data);
      onSaved(saved, saved.email !== beneficiary.email);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFields(e.fields ?? {});
      setError(e.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={beneficiary !== null}
      onClose={onClose}
      title={beneficiary ? `Edit ${beneficiary.name}` : 'Edit beneficiary'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-beneficiary" loading={saving}>
            Save Changes
          </Button>
        </>
      }
    >
      {beneficiary && (
        <form id="edit-beneficiary" noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
          {error && <Alert tone="error">{error}</Alert>}
          <BeneficiaryFields initial={beneficiary} fields={fields} />
          {beneficiary.status === 'invited' && (
            <p className="text-sm text-stone-600">Changing the email sends a new invitation to the new address.</p>
          )}
        </form>
      )}
    </Dialog>
  );
}
