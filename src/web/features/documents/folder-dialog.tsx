import { useEffect, useState } from 'react';
import { ZCreateFolderRequest } from '../../../core/documents.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { documentsApi } from './api.ts';

/** New Folder. */
export function FolderDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => Promise<void> | void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName('');
      setError(undefined);
    }
  }, [open]);

  async function submit() {
    const parsed = ZCreateFolderRequest.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      await documentsApi.createFolder(parsed.data);
      await onCreated();
      onClose();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.fields?.name ? `${e.message} ${e.fields.name}.` : e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New Folder"
      description="Group related documents, such as everything about the house."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            Create folder
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="Folder name" value={name} onChange={(e) => setName(e.target.value)} error={error} maxLength={100} />
      </form>
    </Dialog>
  );
}
