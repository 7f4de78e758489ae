import { useEffect, useState } from 'react';
import { ZCreateFolderRequest } from '../../../core/documents.schemas.ts';
import { TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useAction } from '../../lib/use-action.ts';
import { documentsApi } from './api.ts';

/** New Folder. */
export function FolderDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => Promise<void> | void }) {
  const [name, setName] = useState('');
  const { busy, error, setError, fields, setFields, run } = useAction();
  useEffect(() => {
    if (open) {
      setName('');
      setError(null);
      setFields({});
    }
  }, [open, setError, setFields]);

  async function submit() {
    const parsed = ZCreateFolderRequest.safeParse({ name });
    if (!parsed.success) {
      setFields({});
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    await run(async () => {
      await documentsApi.createFolder(parsed.data);
      await onCreated();
      onClose();
    });
  }

  // The one field carries every message: the check's, or the server's with its word on the name.
  const nameError = error && fields.name ? `${error} ${fields.name}.` : (error ?? undefined);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="New Folder"
      description="Group related documents, such as everything about the house."
      submitLabel="Create folder"
      busy={busy}
      onSubmit={() => void submit()}
    >
      <TextField label="Folder name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} maxLength={100} />
    </FormDialog>
  );
}
