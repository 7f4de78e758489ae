import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { TASK_PRIORITY_LABELS } from '../../../core/constants.ts';
import type { TTask } from '../../../core/tasks.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useEstateFrozen, WhileEditable } from '../../components/ui/estate-frozen.tsx';

const PRIORITY_DOT: Record<TTask['priority'], string> = { high: 'bg-red-600', medium: 'bg-amber-500', low: 'bg-stone-400' };

const dueShort = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
};

/**
 * Tasks to complete. A document task opens the Upload Document modal; any other task opens the
 * task modal (details, Mark complete, and a link to where it is done).
 */
export function TasksCard({
  tasks,
  pendingCount,
  onOpen,
  onUpload,
  onAdd,
  canUpload,
}: {
  tasks: TTask[];
  pendingCount: number;
  onOpen: (t: TTask) => void;
  onUpload: (t: TTask) => void;
  onAdd: () => void;
  canUpload: boolean;
}) {
  // Once the estate is active the tasks are what was left: they can be read, not worked.
  const open = useEstateFrozen() ? 'View' : 'Open';
  return (
    <Card
      title="Tasks to Complete"
      description={pendingCount ? `${pendingCount} pending` : undefined}
      actions={
        <WhileEditable>
          <Button size="sm" variant="secondary" onClick={onAdd}>
            Add Task
          </Button>
        </WhileEditable>
      }
    >
      {tasks.length === 0 ? (
        <EmptyState icon={CheckCircleIcon} title="All done" description="Nothing pending. Add a task when something comes up." />
      ) : (
        <>
          <ul className="divide-y divide-stone-100">
            {tasks.map((t) => (
              <li key={t.id} className="flex items-center gap-3 py-3 first:pt-0">
                <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${PRIORITY_DOT[t.priority]}`} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-900">{t.title}</p>
                  <p className="text-sm text-stone-600">
                    {TASK_PRIORITY_LABELS[t.priority]} priority{t.dueDate ? ` · due ${dueShort(t.dueDate)}` : ''}
                  </p>
                </div>
                {t.category === 'documents' && canUpload ? (
                  <Button size="sm" onClick={() => onUpload(t)} aria-label={`Upload a document for: ${t.title}`}>
                    Upload
                  </Button>
                ) : (
                  <Button size="sm" variant="secondary" onClick={() => onOpen(t)} aria-label={`${open} task: ${t.title}`}>
                    {open}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <Link to="/estate-owner/tasks" className="mt-3 inline-block text-sm font-semibold text-accent-text hover:underline">
            View all tasks
          </Link>
        </>
      )}
    </Card>
  );
}
