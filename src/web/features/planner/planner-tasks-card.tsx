import { ClipboardDocumentListIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TPlannerTask } from '../../../core/planner.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { lazyDialog } from '../../components/ui/lazy-dialog.tsx';
import { useRowAction } from '../../lib/use-row-action.ts';
import { plannerApi } from './api.ts';
import { PlannerTaskList } from './planner-task-list.tsx';

// Loads on first open: its form validates with zod, which the dashboard itself does not need.
const PlannerTaskDialog = lazyDialog(async () => (await import('./planner-task-dialog.tsx')).PlannerTaskDialog, (p) => p.open);

type Editing = { key: number; task: TPlannerTask | null } | null;

/** The dashboard's "Tasks" card: the planner's open tasks (task, for, due), added, edited, completed and deleted here. */
export function PlannerTasksCard({ tasks, openCount, clients }: { tasks: TPlannerTask[]; openCount: number; clients: { estateId: string; name: string }[] }) {
  const { busyId, notice, act } = useRowAction();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TPlannerTask | null>(null);
  const more = openCount - tasks.filter((t) => !t.completedAt).length;

  const toggle = (task: TPlannerTask) =>
    act(task.id, async () => {
      const done = !task.completedAt;
      await plannerApi.updateTask(task.id, { completed: done });
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
          <PlannerTaskList tasks={tasks} busyId={busyId} onToggle={(t) => void toggle(t)} onEdit={(task) => setEditing({ key: Date.now(), task })} onDelete={setDeleting} />
        )}
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
            setDeleting(null);
            return `Deleted “${task.title}”.`;
          });
        }}
      />
    </Card>
  );
}
