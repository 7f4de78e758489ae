import { useState, type FormEvent } from 'react';
import { INVENTORY_ACTIONS, INVENTORY_KINDS, type TInventoryEntry, type TInventoryEntryInput } from '../../../core/inventory.schemas.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useAction } from '../../lib/use-action.ts';
import { inventoryApi } from './api.ts';

type Form = Record<'kind' | 'name' | 'institution' | 'institutionAddress' | 'reference' | 'value' | 'currency' | 'wishedAction' | 'transferTo', string>;

const formOf = (e: TInventoryEntry | null): Form => ({
  kind: e?.kind ?? 'bank_account',
  name: e?.name ?? '',
  institution: e?.institution ?? '',
  institutionAddress: e?.institutionAddress ?? '',
  reference: '',
  value: e?.value ?? '',
  currency: e?.currency ?? '',
  wishedAction: e?.wishedAction ?? '',
  transferTo: e?.transferTo ?? '',
});

/**
 * Add an entry, or edit one (`entry`). The reference is never sent back to the screen: left empty
 * when editing, the saved one stays. The institution's name and postal address make its letter possible.
 */
export function EntryDialog({ estateId, entry, onClose, onSaved }: { estateId: string; entry: TInventoryEntry | null; onClose: () => void; onSaved: (saved: TInventoryEntry) => void }) {
  const [form, setForm] = useState<Form>(() => formOf(entry));
  const { busy, error, fields, run } = useAction();
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: TInventoryEntryInput = {
      kind: form.kind as TInventoryEntryInput['kind'],
      name: form.name,
      institution: form.institution,
      institutionAddress: form.institutionAddress,
      value: form.value.trim() || null,
      currency: form.currency.trim() || null,
      wishedAction: (form.wishedAction || null) as TInventoryEntryInput['wishedAction'],
      transferTo: form.wishedAction === 'transfer' ? form.transferTo : null,
      ...(form.reference.trim() || !entry ? { reference: form.reference } : {}),
    };
    void run(async () => onSaved(entry ? await inventoryApi.update(estateId, entry.id, body) : await inventoryApi.add(estateId, body)));
  }

  return (
    <FormDialog open onClose={onClose} title={entry ? `Edit “${entry.name}”` : 'Add to the inventory'} submitLabel={entry ? 'Save changes' : 'Add'} busy={busy} error={error} onSubmit={submit}>
      <SelectField label="Kind" value={form.kind} onChange={set('kind')} error={fields.kind}>
        {Object.entries(INVENTORY_KINDS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField label="Name" value={form.name} onChange={set('name')} error={fields.name} hint="What the family calls it, like “Joint checking account”." />
      <TextField label="Institution" optional value={form.institution} onChange={set('institution')} error={fields.institution} hint="The bank, insurer, company or office that holds it." />
      <TextAreaField
        label="Institution’s postal address"
        optional
        rows={3}
        value={form.institutionAddress}
        onChange={set('institutionAddress')}
        error={fields.institutionAddress}
        hint="Where to write to them, on separate lines as on an envelope. With the institution’s name, it lets you make a letter to them."
      />
      <TextField
        label="Account or policy number"
        optional
        value={form.reference}
        onChange={set('reference')}
        error={fields.reference}
        autoComplete="off"
        hint={entry?.referenceMasked ? `Saved as ${entry.referenceMasked}. Leave empty to keep it. Screens only ever show its last four characters; the full number goes into the letter to the institution.` : 'Screens only ever show its last four characters; the full number goes into the letter to the institution.'}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Estimated value" optional inputMode="decimal" value={form.value} onChange={set('value')} error={fields.value} hint="A number, like 1250.50." />
        <TextField label="Currency" optional value={form.currency} onChange={set('currency')} error={fields.currency} maxLength={3} hint="Three letters, like USD, GBP or EUR." />
      </div>
      <SelectField label="What should happen to it" optional value={form.wishedAction} onChange={set('wishedAction')} error={fields.wishedAction}>
        <option value="">Not decided</option>
        {Object.entries(INVENTORY_ACTIONS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </SelectField>
      {form.wishedAction === 'transfer' && <TextField label="Transfer to" optional value={form.transferTo} onChange={set('transferTo')} error={fields.transferTo} />}
    </FormDialog>
  );
}
