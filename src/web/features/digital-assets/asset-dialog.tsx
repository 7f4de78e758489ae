import { useEffect, useState } from 'react';
import { DIGITAL_ASSET_STATUSES, ZCreateDigitalAssetRequest, type TDigitalAsset, type TDigitalAssetSecrets } from '../../../core/digital-assets.schemas.ts';
import { PLAYBOOK_ACTIONS } from '../../../core/playbook.schemas.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { digitalAssetsApi } from './api.ts';

const EMPTY = { name: '', institution: '', username: '', platform: '', status: 'Active', size: '', url: '', afterDeathAction: '', twoFactorDevice: '', afterDeathNote: '' };
type Fields = typeof EMPTY;
const SECRETS_EMPTY = { password: '', recoveryCodes: '', accessInstructions: '' };

/** Add or edit a digital asset. Secrets are write-only here: blank keeps what is stored. */
export function AssetDialog({ open, asset, onClose, onSaved }: { open: boolean; asset: TDigitalAsset | null; onClose: () => void; onSaved: (a: TDigitalAsset) => Promise<void> | void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [secrets, setSecrets] = useState(SECRETS_EMPTY);
  const [clearSecrets, setClearSecrets] = useState(false);
  const { busy, error, setError, fields: errors, setFields: setErrors, run } = useAction();

  useEffect(() => {
    if (!open) return;
    setFields(
      asset
        ? { name: asset.name, institution: asset.institution ?? '', username: asset.username ?? '', platform: asset.platform ?? '', status: asset.status, size: asset.size ?? '', url: asset.url ?? '',
            afterDeathAction: asset.afterDeathAction ?? '', twoFactorDevice: asset.twoFactorDevice ?? '', afterDeathNote: asset.afterDeathNote ?? '' }
        : EMPTY,
    );
    setSecrets(SECRETS_EMPTY);
    setClearSecrets(false);
    setErrors({});
    setError(null);
  }, [open, asset, setErrors, setError]);

  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const setSecret = (key: keyof typeof SECRETS_EMPTY) => (e: { target: { value: string } }) => setSecrets((s) => ({ ...s, [key]: e.target.value }));

  async function submit() {
    const given: TDigitalAssetSecrets = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v.trim() !== ''));
    const parsed = ZCreateDigitalAssetRequest.safeParse({ ...fields, afterDeathAction: fields.afterDeathAction || null, secrets: given });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    await run(async () => {
      const { secrets: _given, ...rest } = parsed.data;
      const saved = asset
        ? await digitalAssetsApi.update(asset.id, { ...rest, secrets: clearSecrets ? null : Object.keys(given).length ? given : undefined })
        : await digitalAssetsApi.create({ ...rest, ...(Object.keys(given).length ? { secrets: given } : {}) });
      await onSaved(saved);
      onClose();
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={asset ? `Edit ${asset.name}` : 'Add Digital Asset'}
      description="Accounts, subscriptions, storage and websites your family will need to find."
      submitLabel={asset ? 'Save changes' : 'Add asset'}
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
      className="space-y-6"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label="Name" value={fields.name} onChange={set('name')} error={errors.name} maxLength={200} placeholder="e.g. Gmail, Chase checking, iCloud Photos" />
        </div>
        <TextField label="Institution" optional value={fields.institution} onChange={set('institution')} error={errors.institution} maxLength={200} />
        <TextField label="Username" optional value={fields.username} onChange={set('username')} error={errors.username} maxLength={200} autoComplete="off" />
        <TextField label="Platform" optional value={fields.platform} onChange={set('platform')} error={errors.platform} maxLength={200} placeholder="e.g. Email, Social media" />
        <SelectField label="Status" value={fields.status} onChange={set('status')} error={errors.status}>
          {DIGITAL_ASSET_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
        <TextField label="Size" optional value={fields.size} onChange={set('size')} error={errors.size} maxLength={50} placeholder="e.g. 120 GB" />
        <TextField label="Website" optional type="url" value={fields.url} onChange={set('url')} error={errors.url} maxLength={2000} placeholder="https://" />
      </div>
      <fieldset className="space-y-5 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
        <legend className="px-1 text-sm font-semibold text-stone-900">After I die (executor playbook)</legend>
        <p className="text-sm text-stone-600">
          Once your estate is active, your estate administrator and the beneficiaries you gave Digital Legacy access see these instructions as a checklist — never the secrets below.
        </p>
        <SelectField label="What should happen to this account" optional value={fields.afterDeathAction} onChange={set('afterDeathAction')} error={errors.afterDeathAction}>
          <option value="">Not decided yet</option>
          {Object.entries(PLAYBOOK_ACTIONS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Where the two-factor device is"
          optional
          value={fields.twoFactorDevice}
          onChange={set('twoFactorDevice')}
          error={errors.twoFactorDevice}
          maxLength={300}
          placeholder="e.g. My phone; the security key in the desk drawer"
          hint="Where it is, not a code."
        />
        <TextAreaField label="Note for whoever does it" optional rows={3} value={fields.afterDeathNote} onChange={set('afterDeathNote')} error={errors.afterDeathNote} maxLength={2000} />
      </fieldset>
      <fieldset className="space-y-5 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
        <legend className="px-1 text-sm font-semibold text-stone-900">Secrets (stored encrypted)</legend>
        {asset?.hasSecrets && (
          <p className="text-sm text-stone-600">Secrets are stored for this asset. Leave a field blank to keep what is stored; type to replace it.</p>
        )}
        <TextField label="Password" optional type="password" autoComplete="new-password" value={secrets.password} onChange={setSecret('password')} disabled={clearSecrets} maxLength={500} />
        <TextAreaField label="Recovery codes" optional rows={3} value={secrets.recoveryCodes} onChange={setSecret('recoveryCodes')} disabled={clearSecrets} maxLength={5000} />
        <TextAreaField label="Access instructions" optional rows={3} value={secrets.accessInstructions} onChange={setSecret('accessInstructions')} disabled={clearSecrets} maxLength={10000} />
        {asset?.hasSecrets && (
          <label className="flex items-center gap-3 text-sm text-stone-900">
            <input type="checkbox" checked={clearSecrets} onChange={(e) => setClearSecrets(e.target.checked)} className="size-4 rounded accent-(--accent-solid)" />
            Remove all stored secrets
          </label>
        )}
      </fieldset>
    </FormDialog>
  );
}
