import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { DOCUMENT_TYPE_LABELS } from '../../../core/constants.ts';
import { formatBytes, sharedFileUrl, type TSharedDocument } from '../../../core/shared-content.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { formatDate } from '../../lib/dates.ts';

const PREVIEWABLE = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** View: a PDF (or image) in an in-page frame; other formats say so and offer the download. */
export function DocumentDialog({ document, onClose }: { document: TSharedDocument | null; onClose: () => void }) {
  const previewable = document ? PREVIEWABLE.has(document.mimeType) : false;
  return (
    <Dialog
      open={document !== null}
      onClose={onClose}
      size="lg"
      title={document?.title ?? ''}
      description={
        document ? (
          <>
            {document.format} · {DOCUMENT_TYPE_LABELS[document.category]} · From {document.from} · {formatDate(document.date)} · {formatBytes(document.size)}
          </>
        ) : undefined
      }
      footer={
        document ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <a href={sharedFileUrl(document.fileId)} download className={buttonClasses('primary')}>
              <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
              Download
            </a>
          </>
        ) : undefined
      }
    >
      {document &&
        (previewable ? (
          <iframe
            title={`Preview of ${document.title}`}
            src={sharedFileUrl(document.fileId, true)}
            className="h-[60vh] w-full rounded-lg bg-stone-100 ring-1 ring-stone-200"
          />
        ) : (
          <Alert tone="info">This {document.format.toLowerCase()} can’t be shown in the browser. Download it to open it on your device.</Alert>
        ))}
    </Dialog>
  );
}
