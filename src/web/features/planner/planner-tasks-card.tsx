import { ClipboardDocumentListIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import type { TPlannerTask, TPlannerTaskPage } from '../../../core/planner.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { lazyDialog } from '../../components/ui/lazy-dialog.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { plannerApi } from './api.ts';
import { PlannerTaskList } from './planner-task-list.tsx';

// Loads on first open: its form validates with zod, which the dashboard itself does not need.
const PlannerTaskDialog = lazyDialog(async () => (await import('./planner-task-dialog.tsx')).PlannerTaskDialog, (p) => p.open);

type Editing = { key: number; task: TPlannerTask | null } | null;

/**
 * The dashboard's "Tasks" card: the planner's open tasks (task, for, due), soonest due first, a page
 * at a time (Load more); added, edited, completed and deleted here. The count is the server's.
 */
export function PlannerTasksCard({ first, clients }: { first: TPlannerTaskPage; clients: { estateId: string; name: string }[] }) {
  const { busyId, notice, act } = useRowAction();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TPlannerTask | null>(null);
  const list = useLoadMore(first, 'open', (cursor) => plannerApi.tasks({ status: 'open', cursor }));
  const listRef = useRef<HTMLUListElement>(null);
  // A task completed here leaves the open list (the loader's page drops it when it reloads).
  const tasks = list.items.filter((t) => !t.completedAt);
  const openCount = first.openCount;
  const more = openCount - tasks.length;

  const toggle = (task: TPlannerTask) =>
    act(task.id, async () => {
      const done = !task.completedAt;
      list.replace(await plannerApi.updateTask(task.id, { completed: done }));
      return done ? `Completed “${task.title}”.` : `Reopened “${task.title}”.`;
    });

  return (
    <Card
      title="Tasks"
      description={openCount === 1 ? '1 open task' : `${openCount} open tasks${more > 0 ? `, the ${tasks.length} due soonest shown` : ''}`}
      actions={
        <Button size="sm" onClick={() => setEditing({ key: Date.now(), task: null })}>
          <PlusIcon aria-hidden="true" className="size-4" />
          Add Task
        </Button>
      }
    >
      <div className="space-y-4">
        <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
        {tasks.length === 0 ? (
          <EmptyState icon={ClipboardDocumentListIcon} title="No open tasks" description="Add a task for yourself or for one of your loved ones." />
        ) : (
          <PlannerTaskList
            tasks={tasks}
            listRef={listRef}
            busyId={busyId}
            onToggle={(t) => void toggle(t)}
            onEdit={(task) => setEditing({ key: Date.now(), task })}
            onDelete={setDeleting}
          />
        )}
        <LoadMoreFooter list={{ ...list, items: tasks }} listRef={listRef} />
      </div>
      {editing && (
        <PlannerTaskDialog
          key={editing.key}
          open
          task={editing.task}
          clients={clients}
          onClose={() => setEditing(null)}
          onSaved={(task, created) => {
            setEditing(null);
            list.replace(task);
            void act(task.id, async () => (created ? `Added “${task.title}”.` : `Saved “${task.title}”.`));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this task?"
        description={deleting ? `“${deleting.title}” will be removed from your tasks.` : undefined}
        confirmLabel="Delete Task"
        busy={busyId === deleting?.id}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const task = deleting;
          if (!task) return;
          void act(task.id, async () => {
            await plannerApi.deleteTask(task.id);
            list.remove(task.id);
            setDeleting(null);
            return `Deleted “${task.title}”.`;
          });
        }}
      />
    </Card>
  );
}
