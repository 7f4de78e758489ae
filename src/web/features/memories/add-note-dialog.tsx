import { useEffect, useState } from 'react';
import { ZAddNoteRequest, type TMemory } from '../../../core/memories.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { memoriesApi } from './api.ts';

/** Add Note: appends a dated note to a memory. */
export function AddNoteDialog({ memory, onClose, onSaved }: { memory: TMemory | null; onClose: () => void; onSaved: () => Promise<void> | void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setText('');
    setError(null);
  }, [memory?.id]);

  async function save() {
    if (!memory) return;
    const parsed = ZAddNoteRequest.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write the note first');
      return;
    }
    setBusy(true);
    try {
      await memoriesApi.addNote(memory.id, parsed.data);
      await onSaved();
      onClose();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={memory !== null}
      onClose={onClose}
      title="Add Note"
      description={memory ? `A dated note on “${memory.title}”.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            Add Note
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {memory && memory.notes.length > 0 && (
          <ul className="max-h-48 space-y-2 overflow-y-auto">
            {memory.notes.map((n) => (
              <li key={n.id} className="rounded-lg bg-stone-50 px-3 py-2 text-sm">
                <p className="text-stone-800">{n.text}</p>
                <p className="mt-0.5 text-xs text-stone-500">{formatDateTime(n.createdAt)}</p>
              </li>
            ))}
          </ul>
        )}
        <TextAreaField label="Note" rows={4} value={text} onChange={(e) => setText(e.target.value)} error={error ?? undefined} maxLength={2000} />
      </div>
    </Dialog>
  );
}
