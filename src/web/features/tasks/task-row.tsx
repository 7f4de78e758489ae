import { CheckCircleIcon } from '@heroicons/react/20/solid';
import { TrashIcon } from '@heroicons/react/24/outline';
import type { TTask } from '../../../core/tasks.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { CategoryChip, PriorityChip, SuggestedByChip } from './chips.tsx';
import { completedInWords, dueInWords } from './format.ts';

export interface TaskRowProps {
  task: TTask;
  /** Complete / Reopen / Edit / Delete; without them the row is read-only (a planner viewing a client's list). */
  actions?: {
    busy: boolean;
    onComplete: (task: TTask) => void;
    onReopen: (task: TTask) => void;
    onEdit: (task: TTask) => void;
    onDelete: (task: TTask) => void;
  };
}

/** One task: pending shows Complete; completed is struck through with a green check and can be reopened. */
export function TaskRow({ task, actions }: TaskRowProps) {
  const done = task.status === 'completed';
  const due = task.dueDate ? dueInWords(task.dueDate) : null;
  return (
    <li className="flex flex-col gap-4 py-5 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        {done ? (
          <CheckCircleIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-green-600" />
        ) : (
          <span aria-hidden="true" className="mt-1 size-5 shrink-0 rounded-full border-2 border-stone-300" />
        )}
        <div className="min-w-0">
          <h3 className={`font-semibold ${done ? 'text-stone-500 line-through' : 'text-stone-900'}`}>
            {task.title}
            {done && <span className="sr-only"> (completed)</span>}
          </h3>
          {task.description && <p className="mt-1 text-sm whitespace-pre-line text-stone-600">{task.description}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <PriorityChip priority={task.priority} />
            <CategoryChip category={task.category} />
            {task.suggestedBy && <SuggestedByChip name={task.suggestedBy.name} />}
            {done ? (
              <span className="text-sm text-green-800">{completedInWords(task)}</span>
            ) : (
              due && <span className={`text-sm ${due.overdue ? 'font-medium text-red-700' : 'text-stone-600'}`}>{due.text}</span>
            )}
          </div>
        </div>
      </div>
      {actions && <TaskActions task={task} {...actions} />}
    </li>
  );
}

function TaskActions({ task, busy, onComplete, onReopen, onEdit, onDelete }: { task: TTask } & NonNullable<TaskRowProps['actions']>) {
  const done = task.status === 'completed';
  return (
    <div className="flex shrink-0 gap-2 pl-9 sm:pl-0">
      {done ? (
        <Button variant="secondary" size="sm" loading={busy} onClick={() => onReopen(task)} aria-label={`Reopen ${task.title}`}>
          Reopen
        </Button>
      ) : (
        <Button size="sm" loading={busy} onClick={() => onComplete(task)} aria-label={`Complete ${task.title}`}>
          Complete
        </Button>
      )}
      <Button variant="secondary" size="sm" onClick={() => onEdit(task)} aria-label={`Edit ${task.title}`}>
        Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onDelete(task)} aria-label={`Delete ${task.title}`}>
        <TrashIcon aria-hidden="true" className="size-4" />
        Delete
      </Button>
    </div>
  );
}
