import { PhotoIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { MEMORY_TYPE_LABELS } from '../../../core/constants.ts';
import type { TDashboard } from '../../../core/dashboard.schemas.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

const dateInWords = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};

export function RecentMemoriesCard({ memories }: { memories: TDashboard['recentMemories'] }) {
  return (
    <Card
      title="Recent Memories"
      actions={
        <Link to="/estate-owner/memories" className="text-sm font-semibold text-accent-text hover:underline">
          View all
        </Link>
      }
    >
      {memories.length === 0 ? (
        <EmptyState
          icon={PhotoIcon}
          title="No memories yet"
          description="Save a photo, a recording or a story for your family."
          action={
            <WhileEditable>
              <Link to="/estate-owner/memories/create" className={buttonClasses()}>
                Create Memory
              </Link>
            </WhileEditable>
          }
        />
      ) : (
        <ul className="divide-y divide-stone-100">
          {memories.map((m) => (
            <li key={m.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft">
                <PhotoIcon aria-hidden="true" className="size-5 text-accent-icon" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-stone-900">{m.title}</p>
                <p className="text-sm text-stone-600">
                  {MEMORY_TYPE_LABELS[m.type as keyof typeof MEMORY_TYPE_LABELS] ?? m.type} · {dateInWords(m.date)} · Shared with {m.sharedWith}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
