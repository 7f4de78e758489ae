import { sealedUntilKits } from '../../../core/seal/seal-words.ts';
import { ArrowDownIcon, ArrowUpIcon, BookOpenIcon, MicrophoneIcon, PhotoIcon, TrashIcon, VideoCameraIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useRef, useState } from 'react';
import { formatBytes } from '../../../core/files.schemas.ts';
import { MEDIA_ACCEPT, MEMORY_MAX_FILES, PHOTO_MAX_BYTES, MEDIA_MAX_BYTES, SEALED_MEDIA_MAX_BYTES, type FileMediaKind, type MediaKind } from '../../../core/memories.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../components/ui/field.tsx';
import type { IconComponent } from '../../components/ui/icons.ts';
import { describeItem, KIND_LABELS, moveItem, nextItemId, type MediaItem } from './media-items.ts';
import type { TSealRecipient } from '../../../core/estate-seal.schemas.ts';
import { sealBytes, sealText } from '../../../core/seal/sealed-content.ts';
import { sealedFileType } from '../../../core/seal/armor.ts';

const KIND_ICONS: Record<MediaKind, IconComponent> = { photo: PhotoIcon, video: VideoCameraIcon, audio: MicrophoneIcon, story: BookOpenIcon };
const KIND_HINTS: Record<MediaKind, string> = {
  photo: `Choose one or more images (JPEG, PNG, WebP, GIF or HEIC), up to ${formatBytes(PHOTO_MAX_BYTES)} each.`,
  video: `Choose a video file, up to ${formatBytes(MEDIA_MAX_BYTES)}.`,
  audio: `Choose an audio recording, up to ${formatBytes(MEDIA_MAX_BYTES)}.`,
  story: 'Write a story in your own words.',
};
const KINDS: MediaKind[] = ['photo', 'video', 'audio', 'story'];

export interface MediaPickerProps {
  items: MediaItem[];
  onChange: (items: MediaItem[]) => void;
  disabled?: boolean;
  /** The estate's seal (none: no seal made): a new story may be sealed to it, here, as it is added. */
  seal?: TSealRecipient | undefined;
}

/**
 * The Create Memory media flow: nothing chosen → a kind chosen → a file chosen (photo: several
 * images; video: video only; audio: audio only) or a story added (title and text both needed) →
 * back to nothing chosen. Cancel returns to nothing chosen. Items can be removed and moved up or down
 * (the order they are saved in); when editing, the memory's saved items are listed with the new ones.
 */
export function MediaPicker({ items, onChange, disabled = false, seal }: MediaPickerProps) {
  const [storySealed, setStorySealed] = useState(false);
  const [filesSealed, setFilesSealed] = useState(false);
  const [chosen, setChosen] = useState<MediaKind | null>(null);
  const [storyTitle, setStoryTitle] = useState('');
  const [storyText, setStoryText] = useState('');
  const [storyErrors, setStoryErrors] = useState<{ title?: string; content?: string }>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hasSaved = items.some((i) => i.kind === 'saved');
  const fileCount = items.filter((i) => i.kind !== 'story' && i.kind !== 'saved').length;

  // Object URLs for photo previews are released when items go away.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const current = new Set(items.flatMap((i) => (i.kind !== 'story' && i.kind !== 'saved' && i.previewUrl ? [i.previewUrl] : [])));
    for (const url of urls.current) if (!current.has(url)) URL.revokeObjectURL(url);
    urls.current = current;
  }, [items]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  function reset() {
    setChosen(null);
    setStoryTitle('');
    setStoryText('');
    setStorySealed(false);
    setFilesSealed(false);
    setStoryErrors({});
    setFileError(null);
  }

  function addFiles(kind: FileMediaKind, list: FileList | null) {
    const files = [...(list ?? [])];
    if (!files.length) return;
    const wrong = files.find((f) => f.type && !f.type.startsWith(MEDIA_ACCEPT[kind].mimePrefix));
    if (wrong) {
      setFileError(`“${wrong.name}” is not ${kind === 'audio' ? 'an audio file' : kind === 'photo' ? 'an image' : 'a video'}. Choose ${MEDIA_ACCEPT[kind].label} files only.`);
      return;
    }
    const max = filesSealed && seal ? SEALED_MEDIA_MAX_BYTES : kind === 'photo' ? PHOTO_MAX_BYTES : MEDIA_MAX_BYTES;
    const big = files.find((f) => f.size > max);
    if (big) {
      setFileError(`“${big.name}” is ${formatBytes(big.size)}; the limit is ${formatBytes(max)}.`);
      return;
    }
    if (fileCount + files.length > MEMORY_MAX_FILES) {
      setFileError(`A memory can hold up to ${MEMORY_MAX_FILES} files.`);
      return;
    }
    const unnamed = filesSealed && seal ? files.find((f) => !sealedFileType(f.name)?.startsWith(MEDIA_ACCEPT[kind].mimePrefix)) : undefined;
    if (unnamed) {
      setFileError(`“${unnamed.name}” cannot be sealed: a sealed file is known by the end of its name (such as .jpg, .png, .mp4, .mov, .mp3 or .m4a).`);
      return;
    }
    if (filesSealed && seal) {
      // sealed here, as they are added: each file leaves this browser only as "<name>.age"
      void Promise.all(files.map(async (file) => new File([(await sealBytes(seal.recipient, new Uint8Array(await file.arrayBuffer()))) as BlobPart], `${file.name}.age`))).then((sealed) => {
        onChange([...items, ...sealed.map((file) => ({ id: nextItemId(), kind, file, previewUrl: null, sealTag: seal.sealTag }))]);
        reset();
      });
      return;
    }
    onChange([
      ...items,
      ...files.map((file) => ({ id: nextItemId(), kind, file, previewUrl: kind === 'photo' ? URL.createObjectURL(file) : null })),
    ]);
    reset();
  }

  function addStory() {
    const errors = {
      ...(storyTitle.trim() ? {} : { title: 'Give the story a title' }),
      ...(storyText.trim() ? {} : { content: 'Write the story first' }),
    };
    setStoryErrors(errors);
    if (Object.keys(errors).length) return;
    const add = (content: string, sealTag?: string) => {
      onChange([...items, { id: nextItemId(), kind: 'story', title: storyTitle.trim(), content, ...(sealTag ? { sealTag } : {}) }]);
      reset();
    };
    // sealed here, as it is added: the words never leave this browser unsealed
    if (storySealed && seal) void sealText(seal.recipient, storyText.trim()).then((armored) => add(armored, seal.sealTag));
    else add(storyText.trim());
  }

  return (
    <div className="space-y-5">
      {items.length > 0 && (
        <ul aria-label="Media in this memory" className="divide-y divide-stone-100 rounded-lg ring-1 ring-stone-200">
          {items.map((item, index) => {
            const { kind, label, detail, previewUrl } = describeItem(item);
            const Icon = KIND_ICONS[kind];
            return (
              <li key={item.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
                {previewUrl && kind === 'photo' ? (
                  <img src={previewUrl} alt="" className="size-12 shrink-0 rounded-md object-cover" />
                ) : (
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-accent-soft">
                    <Icon aria-hidden="true" className="size-6 text-accent-icon" />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-stone-900">{label}</p>
                  <p className="truncate text-xs text-stone-600">
                    {KIND_LABELS[kind]} · {detail}
                    {item.kind !== 'saved' && hasSaved && ' · new'}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  {items.length > 1 && (
                    <>
                      <Button variant="ghost" size="sm" disabled={disabled || index === 0} onClick={() => onChange(moveItem(items, index, -1))} aria-label={`Move ${label} up`}>
                        <ArrowUpIcon aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={disabled || index === items.length - 1}
                        onClick={() => onChange(moveItem(items, index, 1))}
                        aria-label={`Move ${label} down`}
                      >
                        <ArrowDownIcon aria-hidden="true" className="size-4" />
                      </Button>
                    </>
                  )}
                  <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(items.filter((i) => i.id !== item.id))} aria-label={`Remove ${label}`}>
                    <TrashIcon aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">Remove</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {chosen === null ? (
        <div>
          <p className="text-sm text-stone-600">{items.length ? 'Add more:' : 'Add photos, a video, an audio recording or a story.'}</p>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {KINDS.map((kind) => {
              const Icon = KIND_ICONS[kind];
              return (
                <button
                  key={kind}
                  type="button"
                  disabled={disabled}
                  onClick={() => {
                    setChosen(kind);
                    setFileError(null);
                  }}
                  className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-stone-300 px-3 py-5 text-sm font-semibold text-stone-700 hover:border-accent-solid hover:bg-accent-soft hover:text-accent-text focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-solid disabled:opacity-60"
                >
                  <Icon aria-hidden="true" className="size-7" />
                  {KIND_LABELS[kind]}
                </button>
              );
            })}
          </div>
        </div>
      ) : (
        <div className="space-y-4 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
          <div className="flex items-center gap-2">
            {(() => {
              const Icon = KIND_ICONS[chosen];
              return <Icon aria-hidden="true" className="size-5 text-accent-icon" />;
            })()}
            <h3 className="text-sm font-semibold text-stone-900">{chosen === 'story' ? 'Add a story' : `Add ${chosen === 'photo' ? 'photos' : `a ${chosen === 'audio' ? 'recording' : 'video'}`}`}</h3>
          </div>
          <p className="text-sm text-stone-600">{KIND_HINTS[chosen]}</p>
          {chosen === 'story' ? (
            <>
              <TextField label="Story title" value={storyTitle} onChange={(e) => setStoryTitle(e.target.value)} error={storyErrors.title} maxLength={200} />
              <TextAreaField label="Story" rows={6} value={storyText} onChange={(e) => setStoryText(e.target.value)} error={storyErrors.content} maxLength={20000} />
              {seal && (
                <label className="flex items-start gap-3 text-sm">
                  <input type="checkbox" className="mt-1 size-4 rounded accent-(--accent-solid)" checked={storySealed} onChange={(e) => setStorySealed(e.target.checked)} />
                  <span>
                    <span className="block font-medium text-stone-900">Seal this story</span>
                    <span className="block text-stone-600">
                      Its words are locked in this browser before they are sent. {sealedUntilKits('them')} Its title stays visible.
                    </span>
                  </span>
                </label>
              )}
            </>
          ) : (
            <div className="space-y-3">
              {seal && (
                <label className="flex items-start gap-3 text-sm">
                  <input type="checkbox" className="mt-1 size-4 rounded accent-(--accent-solid)" checked={filesSealed} onChange={(e) => setFilesSealed(e.target.checked)} />
                  <span>
                    <span className="block font-medium text-stone-900">Seal {chosen === 'photo' ? 'these photos' : chosen === 'video' ? 'this video' : 'this recording'}</span>
                    <span className="block text-stone-600">
                      Locked in this browser before they are sent, up to {formatBytes(SEALED_MEDIA_MAX_BYTES)} each. Only your trustees together, with their kits, can open them
                      after your passing. There is no preview; you see them again with your Owner Kit. Tick this before you choose.
                    </span>
                  </span>
                </label>
              )}
              <div>
                <label htmlFor={inputId} className="block text-sm font-medium text-stone-900">
                  {chosen === 'photo' ? 'Choose photos' : chosen === 'video' ? 'Choose a video' : 'Choose an audio file'}
                </label>
                <input
                  ref={fileInput}
                  id={inputId}
                  type="file"
                  accept={MEDIA_ACCEPT[chosen].input}
                  multiple={chosen === 'photo'}
                  onChange={(e) => addFiles(chosen, e.target.files)}
                  className="mt-1.5 block w-full text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-accent-solid file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-accent-solid-hover"
                />
              </div>
            </div>
          )}
          {fileError && <Alert tone="error">{fileError}</Alert>}
          <div className="flex flex-wrap gap-3">
            {chosen === 'story' && <Button onClick={addStory}>Add Story</Button>}
            <Button variant="secondary" onClick={reset}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
