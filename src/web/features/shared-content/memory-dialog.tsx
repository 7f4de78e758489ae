import { LockClosedIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { MEMORY_TYPE_LABELS } from '../../../core/constants.ts';
import type { TSharedMemoryDetail } from '../../../core/shared-content.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { sharedApi } from './api.ts';

type State = { status: 'loading' } | { status: 'ready'; memory: TSharedMemoryDetail } | { status: 'error'; message: string };

/** The memory modal: title, creator, date, text, photos, playable videos and recordings, stories, Close. */
export function MemoryDialog({ memoryId, onClose }: { memoryId: string | null; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [shownId, setShownId] = useState<string | null>(null);
  if (memoryId && memoryId !== shownId) {
    setShownId(memoryId);
    setState({ status: 'loading' });
  }

  useEffect(() => {
    if (!memoryId) return;
    let live = true;
    sharedApi.memory(memoryId).then(
      (memory) => live && setState({ status: 'ready', memory }),
      (error: unknown) => {
        if (!live) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setState({
          status: 'error',
          message: notFound ? 'This memory is no longer shared with you.' : error instanceof ApiError ? error.message : 'The memory could not be loaded.',
        });
      },
    );
    return () => {
      live = false;
    };
  }, [memoryId]);

  const memory = state.status === 'ready' ? state.memory : null;
  const photos = memory?.media.filter((m) => m.kind === 'photo' && m.url) ?? [];
  const videos = memory?.media.filter((m) => m.kind === 'video' && m.url) ?? [];
  const recordings = memory?.media.filter((m) => m.kind === 'audio' && m.url) ?? [];
  const stories = memory?.media.filter((m) => m.kind === 'story') ?? [];
  const waiting = memory?.media.filter((m) => m.waitingForKits).length ?? 0;

  return (
    <Dialog
      open={memoryId !== null}
      onClose={onClose}
      size="lg"
      title={memory?.title ?? (state.status === 'error' ? 'Memory unavailable' : 'Loading memory…')}
      description={
        memory ? (
          <>
            {MEMORY_TYPE_LABELS[memory.type]} · By {memory.createdBy.name} ({memory.createdBy.role}) ·{' '}
            <time dateTime={memory.date}>{formatDate(memory.date)}</time>
          </>
        ) : undefined
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {state.status === 'loading' && (
        <div role="status" className="flex justify-center py-10 text-stone-500">
          <Spinner className="size-6" />
          <span className="sr-only">Loading…</span>
        </div>
      )}
      {state.status === 'error' && <Alert tone="error">{state.message}</Alert>}
      {memory && (
        <div className="space-y-6">
          {memory.text && <p className="text-base whitespace-pre-line text-stone-700">{memory.text}</p>}
          {waiting > 0 && (
            <p className="inline-flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-100">
              <LockClosedIcon aria-hidden="true" className="size-4" />
              {waiting === 1 ? 'One photo or recording is sealed' : `${waiting} photos or recordings are sealed`}: they open when enough trustees give their Emergency Kits.
            </p>
          )}
          {photos.length > 0 && (
            <section aria-label="Photos">
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {photos.map((p, i) => (
                  <li key={p.id}>
                    <a href={p.url!} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg ring-1 ring-stone-200">
                      <img src={p.url!} alt={p.title || `${memory.title}, photo ${i + 1}`} loading="lazy" className="aspect-[4/3] w-full bg-stone-100 object-cover" />
                      <span className="sr-only"> (opens the full-size photo in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {videos.length > 0 && (
            <section aria-label="Videos" className="space-y-3">
              {videos.map((v, i) => (
                <video key={v.id} controls preload="metadata" className="w-full rounded-lg bg-black" aria-label={v.title || `${memory.title}, video ${i + 1}`}>
                  <source src={v.url!} type={v.mimeType ?? undefined} />
                </video>
              ))}
            </section>
          )}
          {recordings.length > 0 && (
            <section aria-label="Recordings" className="space-y-3">
              {recordings.map((a, i) => (
                <audio key={a.id} controls preload="metadata" className="w-full" aria-label={a.title || `${memory.title}, recording ${i + 1}`}>
                  <source src={a.url!} type={a.mimeType ?? undefined} />
                </audio>
              ))}
            </section>
          )}
          {stories.map((s) => (
            <article key={s.id} className="rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200">
              <h3 className="font-semibold text-stone-900">{s.title}</h3>
              <p className="mt-2 whitespace-pre-line text-stone-700">{s.text}</p>
            </article>
          ))}
        </div>
      )}
    </Dialog>
  );
}
