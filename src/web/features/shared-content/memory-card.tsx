import { PhotoIcon } from '@heroicons/react/24/outline';
import { MEMORY_TYPE_LABELS } from '../../../core/constants.ts';
import type { TSharedMemory } from '../../../core/shared-content.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dates.ts';

/** A shared memory as a card: preview photo (or a placeholder), title, type, description, who shared it and when. */
export function MemoryCard({
  memory,
  onView,
  showFrom = true,
  headingLevel = 2,
}: {
  memory: TSharedMemory;
  onView: (id: string) => void;
  showFrom?: boolean;
  /** 2 in a list right under the page's title, 3 inside a titled card. */
  headingLevel?: 2 | 3;
}) {
  const headingId = `memory-${memory.id}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-stone-200">
      {memory.previewUrl ? (
        <img src={memory.previewUrl} alt="" loading="lazy" className="aspect-[4/3] w-full bg-stone-100 object-cover" />
      ) : (
        <div aria-hidden="true" className="flex aspect-[4/3] w-full items-center justify-center bg-gradient-to-br from-accent-soft to-stone-100">
          <PhotoIcon className="size-12 text-accent-icon/60" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-accent-text uppercase">{MEMORY_TYPE_LABELS[memory.type]}</p>
        <Heading id={headingId} className="mt-1 text-lg font-semibold text-stone-900">
          {memory.title}
        </Heading>
        {memory.description && <p className="mt-2 line-clamp-3 text-sm text-stone-600">{memory.description}</p>}
        <p className="mt-3 text-sm text-stone-500">
          {showFrom ? <>Shared by {memory.from} · </> : null}
          <time dateTime={memory.date}>{formatDate(memory.date)}</time>
        </p>
        <div className="mt-auto pt-4">
          <Button variant="secondary" size="sm" onClick={() => onView(memory.id)} aria-describedby={headingId}>
            View Memory
          </Button>
        </div>
      </div>
    </li>
  );
}
