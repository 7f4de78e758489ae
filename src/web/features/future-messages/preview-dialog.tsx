import { DocumentTextIcon, PhotoIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import type { TFutureMessage, TFutureMessagePreview } from '../../../core/future-messages.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { futureMessagesApi } from './api.ts';

/** Preview: the message as its recipient will read it in their inbox. */
export function PreviewDialog({ message, onClose }: { message: TFutureMessage | null; onClose: () => void }) {
  const [preview, setPreview] = useState<TFutureMessagePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = message?.id;

  useEffect(() => {
    if (!id) return;
    let live = true;
    setPreview(null);
    setError(null);
    futureMessagesApi
      .preview(id)
      .then((p) => live && setPreview(p))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'The preview could not be loaded.'));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      title="Preview"
      description="This is what the recipient will see when the message is delivered."
      size="lg"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {error && <Alert tone="error">{error}</Alert>}
      {!preview && !error && (
        <div role="status" className="flex justify-center py-10 text-stone-500">
          <Spinner className="size-6" />
          <span className="sr-only">Loading the preview…</span>
        </div>
      )}
      {preview && (
        <article className="rounded-xl bg-stone-50 p-5 ring-1 ring-stone-200">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-500">From</dt>
            <dd className="font-medium text-stone-900">{preview.from}</dd>
            <dt className="text-stone-500">To</dt>
            <dd className="font-medium text-stone-900">{preview.to}</dd>
            <dt className="text-stone-500">{message?.status === 'delivered' ? 'Delivered' : 'Arrives'}</dt>
            <dd className="text-stone-900">
              {message?.status === 'delivered' && message.deliveredAt
                ? new Date(message.deliveredAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
                : preview.deliveryInWords}
            </dd>
          </dl>
          <h3 className="mt-4 border-t border-stone-200 pt-4 text-lg font-semibold text-stone-900">{preview.subject}</h3>
          <div className="mt-3 text-base whitespace-pre-line text-stone-800">{preview.body}</div>
          {(preview.memories.length > 0 || preview.documents.length > 0) && (
            <div className="mt-5 border-t border-stone-200 pt-4">
              <h4 className="text-sm font-semibold text-stone-900">Attached</h4>
              <ul className="mt-2 space-y-2 text-sm">
                {preview.memories.map((m) => (
                  <li key={m.id} className="flex items-start gap-2">
                    <PhotoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-400" />
                    <span>
                      <span className="font-medium text-stone-900">{m.title}</span>
                      <span className="text-stone-500"> · memory from {new Date(`${m.date}T12:00:00Z`).getUTCFullYear()}</span>
                    </span>
                  </li>
                ))}
                {preview.documents.map((d) => (
                  <li key={d.id} className="flex items-start gap-2">
                    <DocumentTextIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-400" />
                    <span className="font-medium text-stone-900">{d.title}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </article>
      )}
    </Dialog>
  );
}
