import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import type { TDocument } from '../../../core/documents.schemas.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

/** PDF preview, inline in the page. */
export function PreviewDialog({ doc, onClose }: { doc: TDocument | null; onClose: () => void }) {
  return (
    <Dialog
      open={doc !== null}
      onClose={onClose}
      size="lg"
      title={doc?.title ?? ''}
      description={doc?.file.name}
      footer={
        doc && (
          <a href={doc.file.url} download className={buttonClasses('secondary')}>
            <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
            Download
          </a>
        )
      }
    >
      {doc && <iframe title={`Preview of ${doc.title}`} src={`${doc.file.url}?inline=1`} className="h-[70vh] w-full rounded-lg bg-stone-100 ring-1 ring-stone-200" />}
    </Dialog>
  );
}
