import { ArrowDownTrayIcon, DocumentTextIcon, EyeIcon, LockClosedIcon } from '@heroicons/react/24/outline';
import { DOCUMENT_TYPE_LABELS } from '../../../core/constants.ts';
import { formatBytes, sharedFileUrl, type TSharedDocument } from '../../../core/shared-content.schemas.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dates.ts';

/** Shared documents as rows: title, sender, date, size, View and Download (the real file, through the access policy). */
export function DocumentList({ documents, onView, showFrom = true }: { documents: TSharedDocument[]; onView?: (d: TSharedDocument) => void; showFrom?: boolean }) {
  return (
    <ul className="divide-y divide-stone-100">
      {documents.map((d) => {
        const headingId = `document-${d.id}`;
        return (
          <li key={d.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft ring-1 ring-accent-ring">
              <DocumentTextIcon aria-hidden="true" className="size-5 text-accent-icon" />
            </span>
            <div className="min-w-0 flex-1">
              <p id={headingId} className="font-medium text-stone-900">
                {d.title}
              </p>
              <p className="mt-0.5 text-sm text-stone-600">
                <span className="font-medium text-stone-700">{d.format}</span> · {DOCUMENT_TYPE_LABELS[d.category]}
                {showFrom ? <> · From {d.from}</> : null} · <time dateTime={d.date}>{formatDate(d.date)}</time> · {formatBytes(d.size)}
              </p>
              {d.sealed && (
                <p className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-amber-900">
                  <LockClosedIcon aria-hidden="true" className="size-4" />
                  {d.sealed.opened
                    ? 'Sealed — opened by the trustees’ kits'
                    : `Sealed — waiting for ${d.sealed.threshold} of ${d.sealed.shareCount} trustees’ kits`}
                </p>
              )}
            </div>
            {d.sealed && !d.sealed.opened ? null : (
              <div className="flex shrink-0 gap-2">
                {onView && (
                  <Button variant="secondary" size="sm" onClick={() => onView(d)} aria-describedby={headingId}>
                    <EyeIcon aria-hidden="true" className="size-4" />
                    View
                  </Button>
                )}
                <a href={sharedFileUrl(d.fileId)} download className={buttonClasses('secondary', 'sm')} aria-describedby={headingId}>
                  <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
                  Download
                </a>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
