import { ArrowDownTrayIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useCallback, useEffect, useId, useState } from 'react';
import { DOCUMENT_UPLOAD_HINT } from '../../../core/constants.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE, type TDocument, type TDocumentVersion } from '../../../core/documents.schemas.ts';
import { formatBytes } from '../../../core/files.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useAction } from '../../lib/use-action.ts';
import { documentsApi } from './api.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

export interface VersionsDialogProps {
  doc: TDocument | null;
  onClose: () => void;
  /** After a replace or a deleted version: the list behind reloads. */
  onChanged: () => Promise<void> | void;
}

/**
 * Versions of one document: Replace File (the current file is kept as an earlier version), and
 * the list — version number, file name, size, uploaded date — each downloadable; earlier versions
 * can be deleted. Beneficiaries only ever see the current version.
 */
export function VersionsDialog({ doc, onClose, onChanged }: VersionsDialogProps) {
  const [versions, setVersions] = useState<TDocumentVersion[] | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();
  const inputId = useId();
  const docId = doc?.id;

  const load = useCallback(async () => {
    if (!docId) return;
    setVersions((await documentsApi.versions(docId)).items);
  }, [docId]);

  useEffect(() => {
    setVersions(null);
    setFile(null);
    setProgress(null);
    setConfirming(null);
    setNotice(null);
    setError(null);
    if (docId) void run(load);
  }, [docId, load, run, setError]);

  function choose(chosen: File | null) {
    setFile(chosen);
    setNotice(null);
    setError(chosen && chosen.size > DOCUMENT_MAX_BYTES ? `${DOCUMENT_TOO_LARGE_MESSAGE} (“${chosen.name}” is ${formatBytes(chosen.size)}.)` : null);
  }

  async function replace() {
    if (!docId) return;
    if (!file) {
      setError('Choose a PDF, DOC or DOCX file');
      return;
    }
    if (file.size > DOCUMENT_MAX_BYTES) return;
    setProgress(0);
    try {
      const updated = await documentsApi.replaceFile(docId, file, setProgress);
      setFile(null);
      setNotice(`Uploaded version ${updated.version}. The previous file is kept below.`);
      await Promise.all([load(), onChanged()]);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    } finally {
      setProgress(null);
    }
  }

  async function removeVersion(version: number) {
    if (!docId) return;
    const done = await run(async () => {
      await documentsApi.removeVersion(docId, version);
      await Promise.all([load(), onChanged()]);
    });
    setConfirming(null);
    if (done) setNotice(`Deleted version ${version}.`);
  }

  const uploading = progress !== null;
  return (
    <Dialog open={doc !== null} onClose={() => !uploading && onClose()} title="Versions" description={doc?.title} size="lg">
      <div className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        <WhileEditable>
          <div className="rounded-lg border border-stone-200 p-4">
            <label htmlFor={inputId} className="block text-sm font-medium text-stone-900">
              Replace File
            </label>
            <p id={`${inputId}-hint`} className="mt-1 text-sm text-stone-600">
              {DOCUMENT_UPLOAD_HINT}. The current file is kept as an earlier version, visible only to you.
            </p>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
              <input
                id={inputId}
                key={notice ?? 'replace'}
                type="file"
                accept={DOCUMENT_ACCEPT}
                disabled={uploading}
                aria-describedby={`${inputId}-hint`}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
                className="block w-full min-w-0 text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-stone-100 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-stone-800 hover:file:bg-stone-200"
              />
              <Button className="shrink-0" loading={uploading} onClick={() => void replace()}>
                Upload new version
              </Button>
            </div>
            {uploading && (
              <div className="mt-3">
                <ProgressBar value={Math.round(progress * 100)} label={progress < 1 ? 'Uploading' : 'Checking and saving…'} />
              </div>
            )}
          </div>
        </WhileEditable>

        {versions === null ? (
          <p className="text-sm text-stone-600">{busy ? 'Loading versions…' : ''}</p>
        ) : (
          <ul aria-label="Versions" className="divide-y divide-stone-100">
            {versions.map((v) => (
              <li key={v.version} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">
                    Version {v.version}
                    {v.current && <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200 ring-inset">Current</span>}
                  </p>
                  <p className="text-sm break-all text-stone-700">{v.file.name}</p>
                  <p className="text-sm text-stone-600">
                    {formatBytes(v.file.size)} · Uploaded <time dateTime={v.uploadedAt}>{formatDate(v.uploadedAt)}</time>
                  </p>
                </div>
                {confirming === v.version ? (
                  <div className="flex shrink-0 flex-wrap items-center gap-2">
                    <span className="text-sm text-stone-700">Delete version {v.version} for good?</span>
                    <Button variant="secondary" size="sm" onClick={() => setConfirming(null)}>
                      Keep it
                    </Button>
                    <Button variant="danger" size="sm" loading={busy} onClick={() => void removeVersion(v.version)}>
                      Delete version
                    </Button>
                  </div>
                ) : (
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <a href={v.file.url} download className={buttonClasses('secondary', 'sm')} aria-label={`Download version ${v.version}`}>
                      <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
                      Download
                    </a>
                    <WhileEditable>
                      {!v.current && (
                        <Button variant="ghost" size="sm" onClick={() => setConfirming(v.version)} aria-label={`Delete version ${v.version}`}>
                          <TrashIcon aria-hidden="true" className="size-4" />
                          Delete
                        </Button>
                      )}
                    </WhileEditable>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
