import type { TPreviewUrl, TVerificationItem } from '../../../core/lifecycle.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

export interface Preview {
  item: TVerificationItem;
  file: TPreviewUrl;
}

/**
 * View: the document in an in-page frame at its short-lived address. Images (and anything not a
 * PDF) load in a fully sandboxed frame; Chromium refuses to show a PDF in any sandboxed frame, so
 * a PDF frame is unsandboxed and relies on the file's own response headers (a strict CSP, no
 * sniffing) and on the server accepting only real PDF, JPG and PNG files as proof.
 */
export function PreviewDialog({ preview, open, onClose }: { preview: Preview | null; open: boolean; onClose: () => void }) {
  const isPdf = preview?.file.mimeType === 'application/pdf';
  const title = preview ? `${preview.item.documentLabel} — ${preview.item.estateName}` : '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={title}
      description={preview ? `${preview.file.fileName} · submitted by ${preview.item.submittedBy} (${preview.item.relationship})` : undefined}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {preview &&
        (isPdf ? (
          <iframe title={`Preview of ${title}`} src={preview.file.url} className="h-[65vh] w-full rounded-lg bg-stone-100 ring-1 ring-stone-200" />
        ) : (
          <iframe
            title={`Preview of ${title}`}
            src={preview.file.url}
            sandbox=""
            className="h-[65vh] w-full rounded-lg bg-stone-100 ring-1 ring-stone-200"
          />
        ))}
    </Dialog>
  );
}
