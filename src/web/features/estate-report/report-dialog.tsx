import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DOCUMENT_MAX_BYTES, REPORT_EVENTS, type ReportEvent } from '../../../core/constants.ts';
import { formatBytes } from '../../../core/files.schemas.ts';
import {
  PROOF_DOCUMENT_KEYS,
  PROOF_DOCUMENT_TYPES,
  PROOF_UPLOAD_HINT,
  ZReportRequest,
  type ProofDocumentType,
  type TEstateReport,
} from '../../../core/lifecycle.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
import { estateReportApi, type ProofFiles } from './api.ts';

/** Whose estate the report is about, and how the reporter is related (prefills the form). */
export interface ReportTarget {
  estateId: string;
  ownerName: string;
  /** the reporter's relationship to the owner ("Child", "Estate Administrator"); '' when unknown */
  relationship: string;
}

export interface ReportDialogProps {
  open: boolean;
  target: ReportTarget;
  onClose: () => void;
  /** After the server took the report (201), or said one is already open (409): reload what shows the status. */
  onChanged: () => void;
}

/** What a proof file may be (the server checks the content again). */
const PROOF_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const PROOF_MIME = /^(application\/pdf|image\/jpeg|image\/png)$/;
const PROOF_EXTENSION = /\.(pdf|jpe?g|png)$/i;
const FILES_FIELD = 'files';
const SERVER_FILES_FIELD = 'proof';
const AT_LEAST_ONE = 'Add at least one proof document.';

const EVENT_HINTS: Record<ReportEvent, (name: string) => string> = {
  death: (name) => `${name} has died.`,
  incapacity: (name) => `${name} can no longer manage their own affairs.`,
};

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function fileProblem(file: File): string | null {
  if (!PROOF_MIME.test(file.type) && !PROOF_EXTENSION.test(file.name)) return `“${file.name}” is not a PDF, JPG or PNG file.`;
  if (file.size > DOCUMENT_MAX_BYTES) return `“${file.name}” is ${formatBytes(file.size)}; each file can be up to 10MB.`;
  return null;
}

function ProofInput({
  type,
  file,
  error,
  groupErrorId,
  disabled,
  onChoose,
}: {
  type: ProofDocumentType;
  file: File | undefined;
  error: string | undefined;
  /** the "add at least one" message of the whole group, when shown */
  groupErrorId: string | undefined;
  disabled: boolean;
  onChoose: (file: File | undefined) => void;
}) {
  const id = useId();
  // A new key empties the browser's own file input when the file is removed.
  const [generation, setGeneration] = useState(0);
  return (
    <div className="rounded-lg p-3 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-stone-900">
          {PROOF_DOCUMENT_TYPES[type]}
        </label>
        {file && (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            aria-label={`Remove ${PROOF_DOCUMENT_TYPES[type]}`}
            onClick={() => {
              onChoose(undefined);
              setGeneration((g) => g + 1);
            }}
          >
            Remove
          </Button>
        )}
      </div>
      <input
        key={generation}
        id={id}
        name={type}
        type="file"
        accept={PROOF_ACCEPT}
        disabled={disabled}
        aria-describedby={[`${id}-hint`, error && `${id}-error`, groupErrorId].filter(Boolean).join(' ')}
        aria-invalid={error || groupErrorId ? true : undefined}
        onChange={(e) => onChoose(e.target.files?.[0])}
        className="mt-1.5 block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-stone-900 file:ring-1 file:ring-stone-300 file:ring-inset hover:file:bg-stone-200"
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-stone-600">
        {PROOF_UPLOAD_HINT}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Report a passing or incapacity: what happened, when, the reporter's relationship and at least one
 * proof document, uploaded with progress; then a confirmation. For beneficiaries and support-team
 * members alike (POST /api/v1/estates/:estateId/reports).
 */
export function ReportDialog({ open, target, onClose, onChanged }: ReportDialogProps) {
  const [event, setEvent] = useState<ReportEvent>('death');
  const [eventDate, setEventDate] = useState('');
  const [relationship, setRelationship] = useState(target.relationship);
  const [files, setFiles] = useState<ProofFiles>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<TEstateReport | null>(null);
  const formId = useId();
  const eventLegendId = useId();
  const filesId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!open) return;
    setEvent('death');
    setEventDate('');
    setRelationship(target.relationship);
    setFiles({});
    setErrors({});
    setError(null);
    setProgress(null);
    setDone(null);
  }, [open, target.relationship]);

  const busy = progress !== null;
  const chosen = PROOF_DOCUMENT_KEYS.filter((k) => files[k]);

  function choose(type: ProofDocumentType, file: File | undefined) {
    setFiles((f) => ({ ...f, [type]: file }));
    setError(null);
    setErrors((e) => ({ ...e, [type]: file ? (fileProblem(file) ?? '') : '', [FILES_FIELD]: '' }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const data = { event, relationship, eventDate: eventDate || null };
    const parsed = ZReportRequest.safeParse(data);
    const next: FieldErrors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    if (next.relationship) next.relationship = `Say how you are related to ${target.ownerName}.`;
    if (eventDate && eventDate > todayIso()) next.eventDate = 'The date cannot be in the future.';
    for (const k of chosen) {
      const problem = fileProblem(files[k]!);
      if (problem) next[k] = problem;
    }
    if (!chosen.length) next[FILES_FIELD] = AT_LEAST_ONE;
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      // Take the person to the first thing to fix (the dialog may be scrolled away from it).
      requestAnimationFrame(() => {
        const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        const groupError = next[FILES_FIELD] && first?.getAttribute('type') === 'file' ? document.getElementById(`${filesId}-error`) : null;
        groupError?.scrollIntoView?.({ block: 'center' });
        first?.focus({ preventScroll: Boolean(groupError) });
      });
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const report = await estateReportApi.report(target.estateId, { ...data, relationship: relationship.trim() }, files, setProgress);
      setProgress(null);
      setDone(report);
      onChanged();
    } catch (err) {
      setProgress(null);
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 409) {
        setError(`Someone has already reported this for ${target.ownerName}. That report is being verified by the estate administrator, so there is nothing more to send.`);
        onChanged();
      } else if (err.status === 404) {
        setError(`You are not linked to ${target.ownerName}’s estate, so you cannot report for it. Please contact their support team.`);
      } else {
        // The server names the form's fields, a proof type, or `proof` (no document at all).
        const fields = Object.entries(err.fields ?? {}).map(([k, m]) => [k === SERVER_FILES_FIELD ? FILES_FIELD : k, m] as const);
        const known = new Set<string>(['event', 'eventDate', 'relationship', FILES_FIELD, ...PROOF_DOCUMENT_KEYS]);
        setErrors(Object.fromEntries(fields.filter(([k]) => known.has(k))));
        setError(err.message);
      }
      errorRef.current?.scrollIntoView?.({ block: 'nearest' });
    }
  }

  if (done) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title="Report sent"
        footer={
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        }
      >
        <div className="space-y-4 text-sm text-stone-700">
          <p className="flex gap-3 text-base text-stone-900">
            <CheckCircleIcon aria-hidden="true" className="size-6 shrink-0 text-green-700" />
            <span>
              Thank you. Your report of {target.ownerName}’s {REPORT_EVENTS[done.event].toLowerCase()} was received, with {done.items.length}{' '}
              {done.items.length === 1 ? 'document' : 'documents'}:
            </span>
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {done.items.map((item) => (
              <li key={item.id}>
                {item.documentLabel}: {item.fileName}
              </li>
            ))}
          </ul>
          <p>
            The estate administrator will now check the documents. {target.ownerName} has been told and can cancel the report if it is not true. Nothing is released
            until the documents are verified and the estate is activated. If a document cannot be accepted, you will be told why.
          </p>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      size="lg"
      title="Report a passing"
      description={`Let ${target.ownerName}’s estate administrator know, with a document that shows it.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Send report
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} noValidate className="space-y-6" onSubmit={(e) => void submit(e)}>
        <div ref={errorRef}>{error && <Alert tone="error">{error}</Alert>}</div>

        <fieldset aria-describedby={errors.event ? `${eventLegendId}-error` : undefined}>
          <legend id={eventLegendId} className="text-sm font-medium text-stone-900">
            What happened?
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(Object.keys(REPORT_EVENTS) as ReportEvent[]).map((k) => (
              <label
                key={k}
                className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-stone-200 has-checked:bg-accent-soft has-checked:ring-accent-ring"
              >
                <input
                  type="radio"
                  name="event"
                  value={k}
                  checked={event === k}
                  disabled={busy}
                  onChange={() => setEvent(k)}
                  className="mt-1 size-4 accent-accent-solid"
                />
                <span className="text-sm">
                  <span className="block font-medium text-stone-900">{REPORT_EVENTS[k]}</span>
                  <span className="block text-stone-600">{EVENT_HINTS[k](target.ownerName)}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.event && (
            <p id={`${eventLegendId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {errors.event}
            </p>
          )}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={event === 'death' ? 'Date of passing' : 'Date of incapacity'}
            optional
            type="date"
            max={todayIso()}
            value={eventDate}
            disabled={busy}
            onChange={(e) => setEventDate(e.target.value)}
            error={errors.eventDate || undefined}
          />
          <TextField
            label={`Your relationship to ${target.ownerName}`}
            value={relationship}
            maxLength={80}
            disabled={busy}
            autoComplete="off"
            onChange={(e) => setRelationship(e.target.value)}
            error={errors.relationship || undefined}
          />
        </div>

        <fieldset aria-describedby={`${filesId}-hint${errors[FILES_FIELD] ? ` ${filesId}-error` : ''}`}>
          <legend className="text-sm font-medium text-stone-900">Proof documents</legend>
          <p id={`${filesId}-hint`} className="mt-1 text-sm text-stone-600">
            Add at least one — the more you add, the quicker the check. Documents are seen only by the estate administrator.
          </p>
          {errors[FILES_FIELD] && (
            <p id={`${filesId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {errors[FILES_FIELD]}
            </p>
          )}
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {PROOF_DOCUMENT_KEYS.map((k) => (
              <ProofInput
                key={k}
                type={k}
                file={files[k]}
                error={errors[k] || undefined}
                groupErrorId={errors[FILES_FIELD] ? `${filesId}-error` : undefined}
                disabled={busy}
                onChoose={(f) => choose(k, f)}
              />
            ))}
          </div>
        </fieldset>

        <section aria-labelledby={`${formId}-next`} className="rounded-lg bg-stone-50 p-4 text-sm text-stone-700 ring-1 ring-stone-200">
          <h3 id={`${formId}-next`} className="font-semibold text-stone-900">
            What happens next
          </h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>The estate administrator checks the documents.</li>
            <li>{target.ownerName} is told at once and can cancel the report if it is not true.</li>
            <li>Nothing is released before the documents are verified and the estate is activated.</li>
          </ol>
        </section>

        {busy && <ProgressBar value={Math.round(progress * 100)} label={progress < 1 ? 'Uploading documents' : 'Checking and saving…'} />}
      </form>
    </Dialog>
  );
}
