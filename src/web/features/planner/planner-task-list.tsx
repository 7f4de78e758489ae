import { CheckCircleIcon } from '@heroicons/react/20/solid';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import type { TPlannerTask } from '../../../core/planner.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dates.ts';
import { lovedOnePath } from './api.ts';

export interface PlannerTaskListProps {
  tasks: TPlannerTask[];
  busyId: string | null;
  onToggle: (task: TPlannerTask) => void;
  onEdit: (task: TPlannerTask) => void;
  onDelete: (task: TPlannerTask) => void;
  /** the list element, for Load more to move focus to the first new task */
  listRef?: RefObject<HTMLUListElement | null>;
}

/** The planner's tasks: task, for, due; Complete (or Reopen), Edit and Delete on each. */
export function PlannerTaskList({ tasks, busyId, onToggle, onEdit, onDelete, listRef }: PlannerTaskListProps) {
  return (
    <ul ref={listRef} aria-label="Your tasks" className="divide-y divide-stone-100">
      {tasks.map((task) => {
        const done = task.completedAt !== null;
        return (
          <li key={task.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 gap-3">
              {done ? (
                <CheckCircleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-600" />
              ) : (
                <span aria-hidden="true" className="mt-1 size-4 shrink-0 rounded-full border-2 border-stone-300" />
              )}
              <div className="min-w-0">
                <h3 className={`font-medium ${done ? 'text-stone-500 line-through' : 'text-stone-900'}`}>
                  {task.title}
                  {done && <span className="sr-only"> (completed)</span>}
                </h3>
                <p className="text-sm text-stone-600">
                  For{' '}
                  {task.for ? (
                    <Link className="font-medium text-accent-text hover:underline" to={lovedOnePath(task.for.estateId)}>
                      {task.for.name}
                    </Link>
                  ) : (
                    'no one in particular'
                  )}
                  {' · '}
                  {task.dueDate ? `Due ${formatDate(task.dueDate)}` : 'No due date'}
                </p>
              </div>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2 pl-8 sm:pl-0">
              <Button size="sm" variant={done ? 'secondary' : 'primary'} loading={busyId === task.id} onClick={() => onToggle(task)} aria-label={`${done ? 'Reopen' : 'Complete'} ${task.title}`}>
                {done ? 'Reopen' : 'Complete'}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => onEdit(task)} aria-label={`Edit ${task.title}`}>
                Edit
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onDelete(task)} aria-label={`Delete ${task.title}`}>
                Delete
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
