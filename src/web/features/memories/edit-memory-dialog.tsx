import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ZCreateMemoryRequest, type TMemory } from '../../../core/memories.schemas.ts';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
import { savedItem, type MediaItem } from './media-items.ts';
import { MediaPicker } from './media-picker.tsx';
import { MemoryDetailsFields, type MemoryDetails } from './memory-details-fields.tsx';
import { saveMemoryEdits } from './save-memory-edits.ts';
import type { TSealRecipient } from '../../../core/estate-seal.schemas.ts';

export interface EditMemoryDialogProps {
  memory: TMemory;
  onClose: () => void;
  /** After a save (or a partly applied one that failed): reload what the list shows. */
  onSaved: (memory: TMemory | null) => Promise<void> | void;
  /** The estate's seal: new stories may be sealed to it. */
  seal: TSealRecipient;
}

/**
 * Edit Memory: the Create Memory form over a saved memory — its fields, its items (remove, move
 * up or down) and new photos, videos, recordings and stories. Mount it with a `key` per memory.
 */
export function EditMemoryDialog({ memory, onClose, onSaved, seal }: EditMemoryDialogProps) {
  const [details, setDetails] = useState<MemoryDetails>({ title: memory.title, date: memory.date, description: memory.description });
  const [items, setItems] = useState<MediaItem[]>(() => memory.media.map(savedItem));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  function close() {
    abort.current?.abort();
    onClose();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = ZCreateMemoryRequest.safeParse(details);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    abort.current = new AbortController();
    try {
      const saved = await saveMemoryEdits(memory, parsed.data, items, {
        onProgress: setProgress,
        onItemsSaved: setItems,
        signal: abort.current.signal,
      });
      await onSaved(saved);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
      if (e.fields) setErrors(e.fields);
      await onSaved(null);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <FormDialog
      open
      onClose={close}
      size="lg"
      title="Edit Memory"
      description="Change the details, remove or reorder items, or add more."
      submitLabel="Save Changes"
      busy={busy}
      error={error}
      onSubmit={(e) => void save(e)}
    >
      <MemoryDetailsFields value={details} onChange={setDetails} errors={errors} disabled={busy} />
      <section aria-labelledby="edit-memory-media" className="space-y-3">
        <h3 id="edit-memory-media" className="text-sm font-semibold text-stone-900">
          Media
        </h3>
        <MediaPicker items={items} onChange={setItems} disabled={busy} seal={seal} />
      </section>
      {progress !== null && <ProgressBar value={Math.round(progress * 100)} label={progress < 1 ? 'Uploading new items' : 'Saving…'} />}
    </FormDialog>
  );
}
