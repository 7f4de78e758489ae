import { ArrowDownTrayIcon, FingerPrintIcon } from '@heroicons/react/24/outline';
import { useId, useState, type ChangeEvent } from 'react';
import type { TSnapshotItem, TSnapshotSummary } from '../../../core/audit-integrity.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { formatDate } from '../../lib/dates.ts';
import { sha256OfFile, snapshotHref } from './api.ts';
import { releasedInWords } from './released-in-words.ts';

type Check = { kind: 'idle' } | { kind: 'checking'; name: string } | { kind: 'match'; name: string; item: TSnapshotItem } | { kind: 'none'; name: string } | { kind: 'failed'; name: string };

const KIND_LABEL: Record<TSnapshotItem['kind'], string> = { memory: 'memory', memory_media: 'memory file', document: 'document' };

/**
 * The activation snapshot on a beneficiary's estate page, in plain words ("Record of what was
 * released", counted as the page counts): download the manifest frozen when the estate was activated,
 * and "Check a file" — its SHA-256 computed here in the browser and looked up in it.
 */
export function SnapshotCard({ snapshot }: { snapshot: TSnapshotSummary }) {
  const [check, setCheck] = useState<Check>({ kind: 'idle' });
  const inputId = useId();
  const withFiles = snapshot.manifest.items.filter((i) => i.file);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setCheck({ kind: 'checking', name: file.name });
    try {
      const hash = await sha256OfFile(file);
      const item = withFiles.find((i) => i.file?.sha256 === hash);
      setCheck(item ? { kind: 'match', name: file.name, item } : { kind: 'none', name: file.name });
    } catch {
      setCheck({ kind: 'failed', name: file.name });
    }
  };

  return (
    <Card title="Record of what was released" description={`Kept ${formatDate(snapshot.frozenAt)}: ${releasedInWords(snapshot.manifest.items)} released to you`}>
      <div className="space-y-4">
        <p className="text-sm text-stone-700">
          When this estate was activated, we sealed a record of everything released to you, so no one can change it afterwards. You can check that a file you
          downloaded is exactly the one that was released.
        </p>
        <details className="text-sm text-stone-600">
          <summary className="cursor-pointer font-medium text-stone-700">Technical details</summary>
          <p className="mt-2 break-all">
            The record lists a SHA-256 fingerprint of each file, and its own fingerprint is kept in the tamper-evident audit record:{' '}
            <code className="font-mono text-xs text-stone-800">{snapshot.sha256}</code>
          </p>
        </details>
        <div className="flex flex-wrap gap-3">
          <a href={snapshotHref(snapshot.estateId)} download className={buttonClasses('secondary')}>
            <ArrowDownTrayIcon aria-hidden="true" className="size-5 text-stone-500" />
            Download the record
          </a>
          <label htmlFor={inputId} className={`${buttonClasses('secondary')} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent-solid`}>
            <FingerPrintIcon aria-hidden="true" className="size-5 text-stone-500" />
            Check a file
            <input id={inputId} type="file" className="sr-only" onChange={(e) => void onFile(e)} aria-describedby={`${inputId}-help`} />
          </label>
        </div>
        <p id={`${inputId}-help`} className="text-sm text-stone-600">
          Choose a file you downloaded: it is checked on this device and never uploaded.
        </p>
        <div aria-live="polite">
          {check.kind === 'checking' && <p className="text-sm text-stone-700">Checking {check.name}…</p>}
          {check.kind === 'match' && (
            <Alert tone="success">
              {check.name} matches the {KIND_LABEL[check.item.kind]} “{check.item.title}” in the record: it is exactly the file that was released.
            </Alert>
          )}
          {check.kind === 'none' && <Alert tone="error">{check.name} matches none of the files in the record: it is not exactly a file that was released to you.</Alert>}
          {check.kind === 'failed' && <Alert tone="error">{check.name} could not be read. Try choosing it again.</Alert>}
        </div>
      </div>
    </Card>
  );
}
