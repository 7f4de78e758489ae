import { ArrowDownTrayIcon, DocumentDuplicateIcon, DocumentTextIcon, EyeIcon, LockClosedIcon, PencilSquareIcon, ShareIcon } from '@heroicons/react/24/outline';
import { documentTypeLabel, type TDocument } from '../../../core/documents.schemas.ts';
import { formatBytes } from '../../../core/files.schemas.ts';
import { RELEASE_LABELS, type TShareAudienceMember } from '../../../core/sharing.schemas.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dates.ts';
import { SearchSnippet } from './search-snippet.tsx';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

const TINTS: Record<TDocument['type'], string> = {
  legal: 'bg-indigo-50 text-indigo-600',
  financial: 'bg-emerald-50 text-emerald-700',
  personal: 'bg-amber-50 text-amber-700',
  other: 'bg-stone-100 text-stone-600',
};

/** Who a document is shared with, by name. */
export function sharedWithText(doc: TDocument, people: TShareAudienceMember[]): string {
  if (doc.share.all) return 'All beneficiaries';
  const names = doc.share.beneficiaryIds.map((id) => people.find((p) => p.id === id)?.name).filter(Boolean);
  return names.length ? names.join(', ') : 'Not shared yet';
}

export interface DocumentRowProps {
  doc: TDocument;
  people: TShareAudienceMember[];
  onPreview: (doc: TDocument) => void;
  onShare: (doc: TDocument) => void;
  onEdit: (doc: TDocument) => void;
  onVersions: (doc: TDocument) => void;
  /** A sealed document: opened in this browser with the Owner Kit and saved. */
  onOpenSealed: (doc: TDocument) => void;
}

/**
 * One recent document: type, size, date, version and the people it is shared with (in a search,
 * where the words matched inside the file); Preview (PDF), Download, Share, Versions, Edit.
 */
export function DocumentRow({ doc, people, onPreview, onShare, onEdit, onVersions, onOpenSealed }: DocumentRowProps) {
  const shared = sharedWithText(doc, people);
  return (
    <li className="flex flex-col gap-3 py-4 2xl:flex-row 2xl:items-center 2xl:justify-between">
      <div className="flex min-w-0 gap-3">
        <span className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${TINTS[doc.type]}`}>
          <DocumentTextIcon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{doc.title}</h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
            <span className="rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-700">{doc.format}</span>
            {doc.sealed && (
              <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                <LockClosedIcon aria-hidden="true" className="size-3.5" />
                Sealed
              </span>
            )}
            <span>{documentTypeLabel(doc.type)}</span>
            <span aria-hidden="true">·</span>
            <span>{formatBytes(doc.size)}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={doc.createdAt}>{formatDate(doc.createdAt)}</time>
            {doc.version > 1 && (
              <>
                <span aria-hidden="true">·</span>
                <span>Version {doc.version}</span>
              </>
            )}
          </p>
          <p className="mt-0.5 text-sm text-stone-600">
            <span className="text-stone-500">Shared with: </span>
            {shared}
            {doc.share.count > 0 && doc.share.release === 'after_activation' && <span className="text-stone-500"> ({RELEASE_LABELS.after_activation.toLowerCase()})</span>}
          </p>
          {doc.snippet && <SearchSnippet snippet={doc.snippet} />}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:pl-14 2xl:pl-0">
        {doc.format === 'PDF' && !doc.sealed && (
          <Button variant="secondary" size="sm" onClick={() => onPreview(doc)} aria-label={`Preview ${doc.title}`}>
            <EyeIcon aria-hidden="true" className="size-4" />
            Preview
          </Button>
        )}
        {doc.sealed ? (
          <Button variant="secondary" size="sm" onClick={() => onOpenSealed(doc)} aria-label={`Open with my Owner Kit: ${doc.title}`}>
            <LockClosedIcon aria-hidden="true" className="size-4" />
            Open with my Owner Kit
          </Button>
        ) : (
          <a href={doc.file.url} download className={buttonClasses('secondary', 'sm')} aria-label={`Download ${doc.title}`}>
            <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
            Download
          </a>
        )}
        <WhileEditable>
          <Button variant="secondary" size="sm" onClick={() => onShare(doc)} aria-label={`Share ${doc.title}`}>
            <ShareIcon aria-hidden="true" className="size-4" />
            Share
          </Button>
        </WhileEditable>
        {!doc.sealed && (
          <Button variant="secondary" size="sm" onClick={() => onVersions(doc)} aria-label={`Versions of ${doc.title}`}>
            <DocumentDuplicateIcon aria-hidden="true" className="size-4" />
            Versions
          </Button>
        )}
        <WhileEditable>
          <Button variant="ghost" size="sm" onClick={() => onEdit(doc)} aria-label={`Edit ${doc.title}`}>
            <PencilSquareIcon aria-hidden="true" className="size-4" />
            Edit
          </Button>
        </WhileEditable>
      </div>
    </li>
  );
}
