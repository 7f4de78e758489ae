import { RELATIONSHIPS } from '../../../core/constants.ts';
import type { TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import type { FieldErrors } from '../../lib/form.ts';

/** The beneficiary's details (Add Beneficiary form and the Edit dialog share them). */
export function BeneficiaryFields({ initial, fields }: { initial?: TBeneficiary; fields: FieldErrors }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label="First name" name="firstName" autoComplete="off" defaultValue={initial?.firstName ?? ''} error={fields.firstName} maxLength={80} />
      <TextField label="Last name" name="lastName" autoComplete="off" defaultValue={initial?.lastName ?? ''} error={fields.lastName} maxLength={80} />
      <SelectField label="Relationship" name="relationship" defaultValue={initial?.relationship ?? ''} error={fields.relationship}>
        <option value="" disabled>
          Choose a relationship
        </option>
        {RELATIONSHIPS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Date of birth"
        name="dateOfBirth"
        type="date"
        optional
        defaultValue={initial?.dateOfBirth ?? ''}
        error={fields.dateOfBirth}
        hint="For messages delivered on their birthday."
      />
      <TextField label="Email" name="email" type="email" autoComplete="off" defaultValue={initial?.email ?? ''} error={fields.email} />
      <TextField label="Phone" name="phone" type="tel" autoComplete="off" optional defaultValue={initial?.phone ?? ''} error={fields.phone} />
      <div className="sm:col-span-2">
        <TextAreaField label="Notes" name="notes" rows={3} optional defaultValue={initial?.notes ?? ''} error={fields.notes} maxLength={2000} />
      </div>
    </div>
  );
}

/** Read the shared fields from a form. */
export function readBeneficiaryFields(form: FormData) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    relationship: text('relationship'),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    dateOfBirth: text('dateOfBirth') || null,
  };
}
