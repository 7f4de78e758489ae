import type { TTask } from '../../../core/tasks.schemas.ts';
import { TASK_PRIORITY_LABELS } from '../../../core/constants.ts';
import { TASK_CATEGORY_LABELS } from '../../../core/tasks.schemas.ts';

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

const PRIORITY: Record<TTask['priority'], string> = {
  high: 'bg-red-50 text-red-800 ring-red-200',
  medium: 'bg-amber-50 text-amber-900 ring-amber-200',
  low: 'bg-stone-100 text-stone-700 ring-stone-300',
};

export function PriorityChip({ priority }: { priority: TTask['priority'] }) {
  return <span className={`${chip} ${PRIORITY[priority]}`}>{TASK_PRIORITY_LABELS[priority]} priority</span>;
}

export function CategoryChip({ category }: { category: TTask['category'] }) {
  return <span className={`${chip} bg-sky-50 text-sky-900 ring-sky-200`}>{TASK_CATEGORY_LABELS[category]}</span>;
}

/** A task a legacy planner suggested: "Suggested by David Chen". */
export function SuggestedByChip({ name }: { name: string }) {
  return <span className={`${chip} bg-violet-50 text-violet-900 ring-violet-200`}>Suggested by {name}</span>;
}
