import { useState, type FormEvent } from 'react';
import { DEFAULT_REMIND_AFTER_DAYS, LETTER_VIA, type TInventoryEntry } from '../../../core/inventory.schemas.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useAction } from '../../lib/use-action.ts';
import { inventoryApi } from './api.ts';

interface Props {
  estateId: string;
  entry: TInventoryEntry;
  onClose: () => void;
  onSaved: (saved: TInventoryEntry) => void;
}

/** "Mark as sent": how it went, and after how many days without an answer to be reminded. */
export function LetterSentDialog({ estateId, entry, onClose, onSaved }: Props) {
  const [via, setVia] = useState<'post' | 'email'>('post');
  const [days, setDays] = useState(String(DEFAULT_REMIND_AFTER_DAYS));
  const save = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.run(async () => onSaved(await inventoryApi.sent(estateId, entry.id, { via, remindAfterDays: Number(days) })));
  };
  return (
    <FormDialog open onClose={onClose} title={`Letter to ${entry.institution ?? entry.name} sent`} submitLabel="Mark as sent" busy={save.busy} error={save.error} onSubmit={submit}>
      <SelectField label="How it was sent" value={via} onChange={(e) => setVia(e.target.value as 'post' | 'email')} error={save.fields.via}>
        {Object.entries(LETTER_VIA).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField label="Remind me if there is no answer after (days)" type="number" min={1} max={180} value={days} onChange={(e) => setDays(e.target.value)} error={save.fields.remindAfterDays} />
    </FormDialog>
  );
}

/** "Record the answer": what the institution said. */
export function LetterAnswerDialog({ estateId, entry, onClose, onSaved }: Props) {
  const [answer, setAnswer] = useState('');
  const save = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.run(async () => onSaved(await inventoryApi.answer(estateId, entry.id, { answer })));
  };
  return (
    <FormDialog open onClose={onClose} title={`Answer from ${entry.institution ?? entry.name}`} submitLabel="Save the answer" busy={save.busy} error={save.error} onSubmit={submit}>
      <TextAreaField label="What they answered" rows={4} value={answer} onChange={(e) => setAnswer(e.target.value)} error={save.fields.answer} />
    </FormDialog>
  );
}
