import { useEffect, useState } from 'react';
import { ZAddNoteRequest, type TMemory } from '../../../core/memories.schemas.ts';
import { TextAreaField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useAction } from '../../lib/use-action.ts';
import { memoriesApi } from './api.ts';
import { NotesList } from './notes-list.tsx';

/** Add Note: appends a dated note to a memory. */
export function AddNoteDialog({ memory, onClose, onSaved }: { memory: TMemory | null; onClose: () => void; onSaved: () => Promise<void> | void }) {
  const [text, setText] = useState('');
  const { busy, error, setError, run } = useAction();
  useEffect(() => {
    setText('');
    setError(null);
  }, [memory?.id, setError]);

  async function save() {
    if (!memory) return;
    const parsed = ZAddNoteRequest.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write the note first');
      return;
    }
    const saved = await run(async () => {
      await memoriesApi.addNote(memory.id, parsed.data);
      await onSaved();
    });
    if (saved) onClose();
  }

  return (
    <FormDialog
      open={memory !== null}
      onClose={onClose}
      title="Add Note"
      description={memory ? `A dated note on “${memory.title}”.` : undefined}
      submitLabel="Add Note"
      busy={busy}
      onSubmit={() => void save()}
      className="space-y-4"
    >
      {memory && memory.notes.length > 0 && <NotesList notes={memory.notes} className="max-h-48 overflow-y-auto" />}
      <TextAreaField label="Note" rows={4} value={text} onChange={(e) => setText(e.target.value)} error={error ?? undefined} maxLength={2000} />
    </FormDialog>
  );
}
