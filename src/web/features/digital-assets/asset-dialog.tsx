import { sealedUntilKits } from '../../../core/seal/seal-words.ts';
import { useEffect, useState } from 'react';
import { DIGITAL_ASSET_STATUSES, ZCreateDigitalAssetRequest, type TDigitalAsset, type TDigitalAssetSecrets } from '../../../core/digital-assets.schemas.ts';
import { PLAYBOOK_ACTIONS } from '../../../core/playbook.schemas.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { digitalAssetsApi } from './api.ts';
import { useOwnerKey } from '../../components/seal/use-owner-key.tsx';
import { Button } from '../../components/ui/button.tsx';

const EMPTY = { name: '', institution: '', username: '', platform: '', status: 'Active', size: '', url: '', afterDeathAction: '', twoFactorDevice: '', afterDeathNote: '' };
type Fields = typeof EMPTY;
const SECRETS_EMPTY = { password: '', recoveryCodes: '', accessInstructions: '' };

export interface AssetDialogProps {
  open: boolean;
  asset: TDigitalAsset | null;
  onClose: () => void;
  onSaved: (a: TDigitalAsset) => Promise<void> | void;
  /** The estate's seal (null: none made): offered as "Seal these secrets". */
  seal: { recipient: string; sealTag: string } | null;
}

/**
 * Add or edit a digital asset. Secrets are write-only here: blank keeps what is stored. Sealed
 * secrets (ADR 0100) are opened here with the Owner Kit before they can be changed, and sealed again
 * here, whole, before they are sent.
 */
export function AssetDialog({ open, asset, onClose, onSaved, seal }: AssetDialogProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [secrets, setSecrets] = useState(SECRETS_EMPTY);
  const [clearSecrets, setClearSecrets] = useState(false);
  const [sealed, setSealed] = useState(false);
  /** false while sealed secrets have not been opened here */
  const [opened, setOpened] = useState(true);
  const ownerKey = useOwnerKey(seal);
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
    setSealed(asset?.sealed ?? false);
    setOpened(!asset?.sealed);
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
      const { secrets: _given, sealedSecrets: _sealed, sealTag: _tag, ...rest } = parsed.data;
      const typed = Object.keys(given).length > 0;
      // sealed: what is typed (after opening, everything) is sealed here, whole; sealed and unopened: kept as it is
      const sealedPart = sealed && seal && opened && typed ? await digitalAssetsApi.seal(seal, { ...SECRETS_EMPTY, ...given }) : undefined;
      const plain = clearSecrets ? null : sealedPart || (sealed && !opened) ? undefined : asset?.sealed ? { ...SECRETS_EMPTY, ...given } : typed ? given : undefined;
      const saved = asset
        ? await digitalAssetsApi.update(asset.id, { ...rest, ...(sealedPart ?? { secrets: plain }) })
        : await digitalAssetsApi.create({ ...rest, ...(sealedPart ?? (plain ? { secrets: plain } : {})) });
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
        {asset?.sealed && !opened ? (
          <div className="space-y-2">
            <p className="text-sm text-stone-600">These secrets are sealed. Open them with your Owner Kit to read or change them; you can change everything else without it.</p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                ownerKey.withKey((identity) => {
                  void digitalAssetsApi
                    .openSealed(asset.id, identity)
                    .then((open) => {
                      setSecrets(open);
                      setOpened(true);
                    })
                    .catch(() => setError('These secrets could not be opened with this Owner Kit.'));
                })
              }
            >
              Open with my Owner Kit
            </Button>
          </div>
        ) : (
          asset?.hasSecrets &&
          !asset.sealed && (
            <p className="text-sm text-stone-600">
              Secrets are stored for this asset. Leave a field blank to keep what is stored; type to replace it.{sealed && ' Sealing keeps only what you type here.'}
            </p>
          )
        )}
        <TextField label="Password" optional type="password" autoComplete="new-password" value={secrets.password} onChange={setSecret('password')} disabled={clearSecrets || !opened} maxLength={500} />
        <TextAreaField label="Recovery codes" optional rows={3} value={secrets.recoveryCodes} onChange={setSecret('recoveryCodes')} disabled={clearSecrets || !opened} maxLength={5000} />
        <TextAreaField label="Access instructions" optional rows={3} value={secrets.accessInstructions} onChange={setSecret('accessInstructions')} disabled={clearSecrets || !opened} maxLength={10000} />
        {seal && (
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" className="mt-1 size-4 rounded accent-(--accent-solid)" checked={sealed} disabled={!opened || clearSecrets} onChange={(e) => setSealed(e.target.checked)} />
            <span>
              <span className="block font-medium text-stone-900">Seal these secrets</span>
              <span className="block text-stone-600">
                They are locked in this browser before they are sent. {sealedUntilKits('them')} You open them with your Owner Kit, and after your passing your trustees&apos;
                kits open them in the Legacy Capsule.
              </span>
            </span>
          </label>
        )}
        {asset?.hasSecrets && (
          <label className="flex items-center gap-3 text-sm text-stone-900">
            <input type="checkbox" checked={clearSecrets} onChange={(e) => setClearSecrets(e.target.checked)} className="size-4 rounded accent-(--accent-solid)" />
            Remove all stored secrets
          </label>
        )}
      </fieldset>
      {ownerKey.dialog}
    </FormDialog>
  );
}
