import { useEffect, useState } from 'react';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS } from '../../../core/constants.ts';
import { ZDocumentTitle, type DocumentType, type TDocument, type TDocumentFolder } from '../../../core/documents.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { useAction } from '../../lib/use-action.ts';
import { documentsApi } from './api.ts';
import { FolderSelect } from './folder-select.tsx';

/** Rename, change the type, move to a folder — or delete (with confirmation). */
export function EditDialog({ doc, folders, onClose, onSaved }: { doc: TDocument | null; folders: TDocumentFolder[]; onClose: () => void; onSaved: () => Promise<void> | void }) {
  const [title, setTitle] = useState('');
  const [type, setType] = useState<DocumentType>('other');
  const [folderId, setFolderId] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const { busy, error, setError, run: runAction } = useAction();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!doc) return;
    setTitle(doc.title);
    setType(doc.type);
    setFolderId(doc.folderId ?? '');
    setError(null);
    setTitleError(undefined);
    setConfirming(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when another document is opened, not when the list reloads
  }, [doc?.id, setError]);

  async function run(action: () => Promise<unknown>) {
    const done = await runAction(async () => {
      await action();
      await onSaved();
    });
    if (done) onClose();
  }

  const save = () => {
    if (!doc) return;
    const parsed = ZDocumentTitle.safeParse(title);
    if (!parsed.success) {
      setTitleError(parsed.error.issues[0]?.message);
      return;
    }
    void run(() => documentsApi.update(doc.id, { title: parsed.data, type, folderId: folderId || null }));
  };

  return (
    <Dialog
      open={doc !== null}
      onClose={onClose}
      title="Edit document"
      description={doc?.file.name}
      footer={
        confirming ? (
          <>
            <span className="self-center text-sm text-stone-700 sm:mr-auto">Delete this document for good?</span>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button variant="danger" loading={busy} onClick={() => doc && void run(() => documentsApi.remove(doc.id))}>
              Delete document
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" className="sm:mr-auto" onClick={() => setConfirming(true)}>
              Delete
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={busy} onClick={save}>
              Save changes
            </Button>
          </>
        )
      }
    >
      <div className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={titleError} maxLength={200} />
        <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value as DocumentType)}>
          {DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {DOCUMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <FolderSelect folders={folders} value={folderId} onChange={setFolderId} />
      </div>
    </Dialog>
  );
}
