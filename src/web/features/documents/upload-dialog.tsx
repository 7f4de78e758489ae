import { sealedUntilKits } from '../../../core/seal/seal-words.ts';
import { useEffect, useId, useState } from 'react';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, DOCUMENT_UPLOAD_HINT } from '../../../core/constants.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE, sealedDocumentMime, ZDocumentTitle, type TDocument, type TDocumentFolder } from '../../../core/documents.schemas.ts';
import { sealBytes } from '../../../core/seal/sealed-content.ts';
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
  /** The estate's seal (none: not offered here, or none made): offered as "Seal this document". */
  seal?: { recipient: string; sealTag: string } | null | undefined;
}

/** How a PDF, a Word 97–2003 document (an OLE file) and a DOCX (a zip) begin: the server cannot look inside a sealed one. */
const DOCUMENT_STARTS = [[0x25, 0x50, 0x44, 0x46], [0xd0, 0xcf, 0x11, 0xe0], [0x50, 0x4b, 0x03, 0x04]];

/** What sealing sends: the file locked in this browser, named after it ("Will.pdf.age"); null when it is no document. */
async function sealedCopy(file: File, recipient: string): Promise<File | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!DOCUMENT_STARTS.some((start) => start.every((b, i) => bytes[i] === b))) return null;
  const sealed = await sealBytes(recipient, bytes);
  return new File([sealed as BlobPart], `${file.name}.age`, { type: 'application/octet-stream' });
}

/** Upload Document: title, type, (folder,) file — PDF, DOC or DOCX up to 10 MB, checked again by the server by content. */
export function UploadDialog({ open, onClose, folders, defaultType, defaultFolderId, onUploaded, seal }: UploadDialogProps) {
  const [sealed, setSealed] = useState(false);
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
    setSealed(false);
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
    if (file && sealed && !sealedDocumentMime(file.name)) next.file = 'A sealed document must be a PDF, DOC or DOCX file, named as one';
    setErrors(next);
    if (Object.keys(next).length || !file) return;
    if (file.size > DOCUMENT_MAX_BYTES) {
      setError(`${DOCUMENT_TOO_LARGE_MESSAGE} (“${file.name}” is ${formatBytes(file.size)}.)`);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const sending = sealed && seal ? await sealedCopy(file, seal.recipient) : file;
      if (!sending) {
        setProgress(null);
        setErrors({ file: `“${file.name}” is not a PDF, DOC or DOCX file inside` });
        return;
      }
      const doc = await documentsApi.upload({ title: title.trim(), type, folderId: folderId || undefined, sealTag: sealed && seal ? seal.sealTag : undefined }, sending, setProgress);
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
      {seal && (
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-1 size-4 rounded border-stone-300 accent-accent-solid" checked={sealed} disabled={busy} onChange={(e) => setSealed(e.target.checked)} />
          <span>
            <span className="block font-medium text-stone-900">Seal this document</span>
            <span className="block text-stone-600">
              It is locked in this browser before it is sent. {sealedUntilKits('it')} It cannot be previewed or searched, and to change it you upload a new one. You can open it yourself with your Owner Kit.
            </span>
          </span>
        </label>
      )}
      {busy && <ProgressBar value={Math.round(progress * 100)} label={progress < 1 ? 'Uploading' : 'Checking and saving…'} />}
    </FormDialog>
  );
}
