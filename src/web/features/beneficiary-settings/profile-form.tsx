import { useState, type FormEvent } from 'react';
import { ZUpdateBeneficiarySettingsRequest, type TBeneficiarySettings } from '../../../core/beneficiary-settings.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, formText, type FieldErrors } from '../../lib/form.ts';
import { beneficiarySettingsApi } from './api.ts';

/** Full name and phone, saved together with Save Changes (the email address has its own card: changing it needs the password). */
export function ProfileForm({ settings, onSaved }: { settings: TBeneficiarySettings; onSaved: (s: TBeneficiarySettings, message: string) => void }) {
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = ZUpdateBeneficiarySettingsRequest.safeParse({
      fullName: formText(form, 'fullName'),
      phone: formText(form, 'phone'),
    });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await beneficiarySettingsApi.update(parsed.data);
      setFields({});
      onSaved(saved, 'Your details were saved.');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFields(e.fields ?? {});
      setError(e.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Profile">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label="Full name" name="fullName" defaultValue={settings.fullName} autoComplete="name" maxLength={120} error={fields.fullName} />
      <TextField label="Phone" name="phone" type="tel" defaultValue={settings.phone} autoComplete="tel" maxLength={40} optional error={fields.phone} hint="Needed for text-message notifications." />
      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
