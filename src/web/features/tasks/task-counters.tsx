import { CheckCircleIcon, ClipboardDocumentListIcon, ClockIcon, ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { TTaskCounts } from '../../../core/tasks.schemas.ts';

const TILES = [
  { key: 'total', label: 'Total Tasks', icon: ClipboardDocumentListIcon, tone: 'bg-accent-soft text-accent-icon' },
  { key: 'completed', label: 'Completed', icon: CheckCircleIcon, tone: 'bg-green-50 text-green-700' },
  { key: 'pending', label: 'Pending', icon: ClockIcon, tone: 'bg-amber-50 text-amber-700' },
  { key: 'highPriority', label: 'High Priority', icon: ExclamationTriangleIcon, tone: 'bg-red-50 text-red-700' },
] as const;

/** The four counters. High Priority counts only pending high-priority tasks. */
export function TaskCounters({ counts }: { counts: TTaskCounts }) {
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Task counts">
      {TILES.map(({ key, label, icon: Icon, tone }) => (
        <li key={key} className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200">
          <span className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${tone}`}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-stone-600">{label}</p>
            <p className="text-2xl font-semibold text-stone-900 tabular-nums" data-testid={`count-${key}`}>
              {counts[key]}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
