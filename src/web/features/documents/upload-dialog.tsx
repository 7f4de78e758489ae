import { useEffect, useId, useState } from 'react';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, DOCUMENT_UPLOAD_HINT } from '../../../core/constants.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE, ZDocumentTitle, type TDocument, type TDocumentFolder } from '../../../core/documents.schemas.ts';
import { formatBytes } from '../../../core/files.schemas.ts';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { ApiError } from '../../lib/api.ts';
import type { FieldErrors } from '../../lib/form.ts';
import { documentsApi } from './api.ts';
import { FolderSelect } from './folder-select.tsx';

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  folders: TDocumentFolder[];
  defaultType?: string | undefined;
  defaultFolderId?: string | undefined;
  onUploaded: (doc: TDocument) => Promise<void> | void;
}

/** Upload Document: title, type, (folder,) file — PDF, DOC or DOCX up to 10 MB, checked again by the server by content. */
export function UploadDialog({ open, onClose, folders, defaultType, defaultFolderId, onUploaded }: UploadDialogProps) {
  const [title, setTitle] = useState('');
  const [type, setType] = useState('');
  const [folderId, setFolderId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileId = useId();

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setType(defaultType ?? '');
    setFolderId(defaultFolderId ?? '');
    setFile(null);
    setErrors({});
    setError(null);
    setProgress(null);
  }, [open, defaultType, defaultFolderId]);

  function choose(chosen: File | null) {
    setFile(chosen);
    setError(null);
    setErrors((e) => ({ ...e, file: '' }));
    if (chosen && !title.trim()) setTitle(chosen.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').slice(0, 200));
    if (chosen && chosen.size > DOCUMENT_MAX_BYTES) setError(`${DOCUMENT_TOO_LARGE_MESSAGE} (“${chosen.name}” is ${formatBytes(chosen.size)}.)`);
  }

  async function submit() {
    const next: FieldErrors = {};
    const titleCheck = ZDocumentTitle.safeParse(title);
    if (!titleCheck.success) next.title = titleCheck.error.issues[0]?.message ?? 'Required';
    if (!type) next.type = 'Choose a document type';
    if (!file) next.file = 'Choose a PDF, DOC or DOCX file';
    setErrors(next);
    if (Object.keys(next).length || !file) return;
    if (file.size > DOCUMENT_MAX_BYTES) {
      setError(`${DOCUMENT_TOO_LARGE_MESSAGE} (“${file.name}” is ${formatBytes(file.size)}.)`);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const doc = await documentsApi.upload({ title: title.trim(), type, folderId: folderId || undefined }, file, setProgress);
      await onUploaded(doc);
      onClose();
    } catch (e) {
      setProgress(null);
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
      if (e.fields) setErrors(e.fields);
    }
  }

  const busy = progress !== null;
  return (
    <FormDialog
      open={open}
      onClose={() => !busy && onClose()}
      title="Upload Document"
      description="Wills, deeds, policies, certificates: keep them safe and share them when it matters."
      submitLabel="Upload"
      busy={busy}
      cancelDisabled={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={200} disabled={busy} />
      <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value)} error={errors.type} disabled={busy}>
        <option value="" disabled>
          Choose a type
        </option>
        {DOCUMENT_TYPES.map((t) => (
          <option key={t} value={t}>
            {DOCUMENT_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      {folders.length > 0 && <FolderSelect folders={folders} value={folderId} onChange={setFolderId} disabled={busy} />}
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-stone-900">
          File
        </label>
        <input
          id={fileId}
          type="file"
          accept={DOCUMENT_ACCEPT}
          disabled={busy}
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ''}`}
          aria-invalid={errors.file ? true : undefined}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          className="mt-1.5 block w-full text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-accent-solid file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-accent-solid-hover"
        />
        <p id={`${fileId}-hint`} className="mt-1.5 text-sm text-stone-600">
          {DOCUMENT_UPLOAD_HINT}
        </p>
        {errors.file && (
          <p id={`${fileId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {errors.file}
          </p>
        )}
      </div>
      {busy && <ProgressBar value={Math.round(progress * 100)} label={progress < 1 ? 'Uploading' : 'Checking and saving…'} />}
    </FormDialog>
  );
}
