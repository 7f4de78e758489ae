import { BookOpenIcon, ChatBubbleBottomCenterTextIcon, MicrophoneIcon, PencilSquareIcon, PhotoIcon, ShareIcon, UsersIcon, VideoCameraIcon } from '@heroicons/react/24/outline';
import { MEMORY_TYPE_LABELS } from '../../../core/constants.ts';
import type { MemoryType, TMemory } from '../../../core/memories.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import type { IconComponent } from '../../components/ui/icons.ts';
import { shareSummary } from '../../components/ui/share-dialog.tsx';
import { formatDate } from '../../lib/dates.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

const TYPE_ICONS: Record<MemoryType, IconComponent> = { photo_album: PhotoIcon, video: VideoCameraIcon, audio: MicrophoneIcon, letter: BookOpenIcon };
const TYPE_TINTS: Record<MemoryType, string> = {
  photo_album: 'from-sky-100 to-indigo-100 text-indigo-500',
  video: 'from-rose-100 to-orange-100 text-rose-500',
  audio: 'from-emerald-100 to-teal-100 text-emerald-600',
  letter: 'from-amber-50 to-amber-100 text-amber-600',
};

export interface MemoryCardProps {
  memory: TMemory;
  onOpen: (memory: TMemory) => void;
  onAddNote: (memory: TMemory) => void;
  onShare: (memory: TMemory) => void;
  onEdit: (memory: TMemory) => void;
}

/** A memory card: preview image, title, type, date, description, 'Shared with N', Add Note, Share and Edit. */
export function MemoryCard({ memory, onOpen, onAddNote, onShare, onEdit }: MemoryCardProps) {
  const Icon = TYPE_ICONS[memory.type];
  const latestNote = memory.notes.at(-1);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-stone-200">
      <button type="button" onClick={() => onOpen(memory)} className="group relative block aspect-[4/3] w-full overflow-hidden bg-stone-100 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-solid">
        {memory.previewUrl ? (
          <img src={memory.previewUrl} alt="" loading="lazy" className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none" />
        ) : (
          <span className={`flex size-full items-center justify-center bg-gradient-to-br ${TYPE_TINTS[memory.type]}`}>
            <Icon aria-hidden="true" className="size-14" />
          </span>
        )}
        <span className="sr-only">Open {memory.title}</span>
      </button>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-text">
              <Icon aria-hidden="true" className="size-3.5" />
              {MEMORY_TYPE_LABELS[memory.type]}
            </span>
            <time dateTime={memory.date}>{formatDate(memory.date)}</time>
          </div>
          <h2 className="mt-2 text-lg font-semibold text-stone-900">
            <button type="button" onClick={() => onOpen(memory)} className="text-left hover:underline">
              {memory.title}
            </button>
          </h2>
          {memory.description && <p className="mt-1 line-clamp-3 text-sm text-stone-600">{memory.description}</p>}
        </div>
        {latestNote && (
          <p className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
            <span className="font-medium">Note:</span> {latestNote.text}
            {memory.notes.length > 1 && <span className="text-stone-500"> (+{memory.notes.length - 1} more)</span>}
          </p>
        )}
        <p className="mt-auto inline-flex items-center gap-1.5 text-sm text-stone-600">
          <UsersIcon aria-hidden="true" className="size-4" />
          {shareSummary(memory.share)}
        </p>
        <WhileEditable>
          <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
            <Button variant="secondary" size="sm" onClick={() => onAddNote(memory)} aria-label={`Add Note to ${memory.title}`}>
              <ChatBubbleBottomCenterTextIcon aria-hidden="true" className="size-4" />
              Add Note
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onShare(memory)} aria-label={`Share ${memory.title}`}>
              <ShareIcon aria-hidden="true" className="size-4" />
              Share
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onEdit(memory)} aria-label={`Edit ${memory.title}`}>
              <PencilSquareIcon aria-hidden="true" className="size-4" />
              Edit
            </Button>
          </div>
        </WhileEditable>
      </div>
    </li>
  );
}
