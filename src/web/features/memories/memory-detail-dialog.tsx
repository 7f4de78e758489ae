import { ArrowDownTrayIcon, LockClosedIcon, PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { MEMORY_TYPE_LABELS } from '../../../core/constants.ts';
import { formatBytes } from '../../../core/files.schemas.ts';
import type { TMemory } from '../../../core/memories.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { shareSummary } from '../../components/ui/share-dialog.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useAction } from '../../lib/use-action.ts';
import { memoriesApi } from './api.ts';
import { getBytes } from '../../lib/api.ts';
import { openBytes } from '../../../core/seal/sealed-content.ts';
import { sealedFileType } from '../../../core/seal/armor.ts';
import { NotesList } from './notes-list.tsx';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';
import { useOwnerKey } from '../../components/seal/use-owner-key.tsx';
import type { TSealRecipient } from '../../../core/estate-seal.schemas.ts';

export interface MemoryDetailDialogProps {
  memory: TMemory | null;
  onClose: () => void;
  onDeleted: () => Promise<void> | void;
  onEdit: (memory: TMemory) => void;
  /** The estate's seal: sealed stories open here with the Owner Kit. */
  seal: TSealRecipient;
}

/** A memory in full: its photos, recordings and stories in order, its notes, Edit and Delete. */
export function MemoryDetailDialog({ memory, onClose, onDeleted, onEdit, seal }: MemoryDetailDialogProps) {
  const [confirming, setConfirming] = useState(false);
  /** sealed stories opened here with the Owner Kit, by media id; forgotten when the dialog closes */
  const [openedStories, setOpenedStories] = useState<Record<string, string>>({});
  const ownerKey = useOwnerKey(seal);
  /** sealed photos, videos and recordings opened here, as object URLs by media id */
  const [openedFiles, setOpenedFiles] = useState<Record<string, string>>({});
  useEffect(() => () => Object.values(openedFiles).forEach((url) => URL.revokeObjectURL(url)), [openedFiles]);
  const openFile = (mediaId: string, file: { url: string; name: string }) =>
    ownerKey.withKey((identity) => {
      void getBytes(file.url)
        .then((bytes) => openBytes(identity, bytes))
        .then((opened) => {
          const url = URL.createObjectURL(new Blob([opened as BlobPart], { type: sealedFileType(file.name) ?? '' }));
          setOpenedFiles((o) => ({ ...o, [mediaId]: url }));
        })
        .catch(() => setError(`“${file.name.replace(/\.age$/i, '')}” could not be opened with this Owner Kit.`));
    });
  const openStory = (memoryId: string, mediaId: string) =>
    ownerKey.withKey((identity) => {
      void memoriesApi
        .openSealedStory(memoryId, mediaId, identity)
        .then((text) => setOpenedStories((o) => ({ ...o, [mediaId]: text })))
        .catch(() => setError('This story could not be opened with this Owner Kit.'));
    });
  const { busy, error, setError, run } = useAction();
  useEffect(() => {
    setConfirming(false);
    setError(null);
    setOpenedStories({});
    setOpenedFiles({});
  }, [memory?.id, setError]);

  async function remove() {
    if (!memory) return;
    const done = await run(async () => {
      await memoriesApi.remove(memory.id);
      await onDeleted();
    });
    if (done) onClose();
  }

  return (
    <>
      <Dialog
        open={memory !== null}
        onClose={onClose}
        size="lg"
        title={memory?.title ?? ''}
        description={memory ? `${MEMORY_TYPE_LABELS[memory.type]} · ${formatDate(memory.date)} · ${shareSummary(memory.share)}` : undefined}
        footer={
          confirming ? (
            <>
              <span className="self-center text-sm text-stone-700 sm:mr-auto">Delete this memory and all its files? This cannot be undone.</span>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
              <Button variant="danger" loading={busy} onClick={() => void remove()}>
                Delete memory
              </Button>
            </>
          ) : (
            <>
              <WhileEditable>
                <Button variant="ghost" className="sm:mr-auto" onClick={() => setConfirming(true)}>
                  <TrashIcon aria-hidden="true" className="size-4" />
                  Delete
                </Button>
                <Button variant="secondary" onClick={() => memory && onEdit(memory)}>
                  <PencilSquareIcon aria-hidden="true" className="size-4" />
                  Edit
                </Button>
              </WhileEditable>
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </>
          )
        }
      >
        {memory && (
          <div className="space-y-5">
            {error && <Alert tone="error">{error}</Alert>}
            {memory.description && <p className="text-base text-stone-700">{memory.description}</p>}
            {memory.media.length === 0 && <p className="text-sm text-stone-600">No photos, recordings or stories in this memory yet.</p>}
            <ul className="space-y-4">
              {memory.media.map((m) => (
                <li key={m.id}>
                  {m.kind === 'story' ? (
                    <article className="rounded-lg bg-amber-50/60 px-4 py-3 ring-1 ring-amber-100">
                      <h3 className="font-semibold text-stone-900">{m.title}</h3>
                      <p className="mt-1 text-sm whitespace-pre-line text-stone-800">{openedStories[m.id] ?? m.content}</p>
                      {m.sealed && !openedStories[m.id] && (
                        <Button variant="secondary" size="sm" className="mt-2" onClick={() => openStory(memory.id, m.id)} aria-label={`Open with my Owner Kit: ${m.title}`}>
                          Open with my Owner Kit
                        </Button>
                      )}
                    </article>
                  ) : m.file && m.sealed ? (
                    <SealedMedia kind={m.kind} name={m.file.name.replace(/\.age$/i, '')} url={openedFiles[m.id] ?? null} onOpen={() => openFile(m.id, m.file!)} />
                  ) : m.file ? (
                    <figure>
                      {m.kind === 'photo' && (
                        <a href={`${m.file.url}?inline=1`} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg">
                          <img src={m.thumbnailUrl ?? `${m.file.url}?inline=1`} alt={`Photo: ${m.file.name}`} className="w-full object-cover" />
                        </a>
                      )}
                      {m.kind === 'video' && <video controls preload="metadata" src={m.file.url} className="w-full rounded-lg bg-black" aria-label={m.file.name} />}
                      {m.kind === 'audio' && <audio controls preload="metadata" src={m.file.url} className="w-full" aria-label={m.file.name} />}
                      <figcaption className="mt-1 flex items-center justify-between gap-3 text-xs text-stone-600">
                        <span className="truncate">
                          {m.file.name} · {formatBytes(m.file.size)}
                        </span>
                        <a href={m.file.url} download className="inline-flex items-center gap-1 font-semibold text-accent-text hover:underline">
                          <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
                          Download
                        </a>
                      </figcaption>
                    </figure>
                  ) : null}
                </li>
              ))}
            </ul>
            {memory.notes.length > 0 && (
              <section>
                <h3 className="text-sm font-semibold text-stone-900">Notes</h3>
                <NotesList notes={memory.notes} className="mt-2" />
              </section>
            )}
          </div>
        )}
      </Dialog>
      {ownerKey.dialog}
    </>
  );
}

/** A sealed photo, video or recording: a placeholder until the Owner Kit opens it here, then the media and a Save link. */
function SealedMedia({ kind, name, url, onOpen }: { kind: string; name: string; url: string | null; onOpen: () => void }) {
  if (!url) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-stone-50 px-4 py-3 ring-1 ring-stone-200">
        <p className="inline-flex items-center gap-2 text-sm text-stone-700">
          <LockClosedIcon aria-hidden="true" className="size-4" />
          Sealed {kind === 'photo' ? 'photo' : kind === 'video' ? 'video' : 'recording'}: {name}
        </p>
        <Button variant="secondary" size="sm" onClick={onOpen} aria-label={`Open with my Owner Kit: ${name}`}>
          Open with my Owner Kit
        </Button>
      </div>
    );
  }
  return (
    <figure>
      {kind === 'photo' && <img src={url} alt={`Photo: ${name}`} className="w-full rounded-lg object-cover" />}
      {kind === 'video' && <video controls src={url} className="w-full rounded-lg bg-black" aria-label={name} />}
      {kind === 'audio' && <audio controls src={url} className="w-full" aria-label={name} />}
      <figcaption className="mt-1 flex items-center justify-between gap-3 text-xs text-stone-600">
        <span className="truncate">{name} · opened with your Owner Kit</span>
        <a href={url} download={name} className="inline-flex items-center gap-1 font-semibold text-accent-text hover:underline">
          <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
          Save
        </a>
      </figcaption>
    </figure>
  );
}
