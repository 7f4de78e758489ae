import { CheckCircleIcon, ClipboardDocumentListIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { TAdminTask, TAdminTaskPage } from '../../../core/admin-dashboard.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { lazyDialog } from '../../components/ui/lazy-dialog.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { timeAgo } from '../../lib/dates.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { adminDashboardApi } from './api.ts';
import { TaskPriorityBadge } from './badges.tsx';

// Loads on first open: its form validates with zod, which the dashboard itself does not need.
const AddTaskDialog = lazyDialog(async () => (await import('./add-task-dialog.tsx')).AddTaskDialog, (p) => p.open);

/** Pending Tasks: the admins' shared to-do list, newest first, with Complete and Add Task. */
export function TasksCard({ first }: { first: TAdminTaskPage }) {
  const list = useLoadMore(first, 'pending', (cursor) => adminDashboardApi.tasks(cursor));
  const revalidator = useRevalidator();
  const { busyId, notice, setNotice, act } = useRowAction();
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<Set<string>>(new Set());
  const items = list.items.filter((task) => !done.has(task.id));

  const complete = (task: TAdminTask) =>
    void act(task.id, async () => {
      await adminDashboardApi.completeTask(task.id);
      setDone((d) => new Set(d).add(task.id));
      return `Completed: ${task.task}`;
    });

  return (
    <Card
      title="Pending Tasks"
      description={first.pendingCount ? `${first.pendingCount} to do` : undefined}
      actions={
        <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" className="size-4" />
          Add Task
        </Button>
      }
    >
      <div aria-live="polite">{notice && <div className="mb-4"><Alert tone={notice.tone}>{notice.text}</Alert></div>}</div>
      {items.length === 0 ? (
        <EmptyState icon={CheckCircleIcon} title="Nothing pending" description="Tasks you and the other administrators add show up here until someone completes them." />
      ) : (
        <ul className="divide-y divide-stone-100">
          {items.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <ClipboardDocumentListIcon aria-hidden="true" className="size-5 shrink-0 text-stone-400" />
              <div className="min-w-0 flex-1">
                <p id={`admin-task-${task.id}`} className="text-sm font-medium break-words text-stone-900">
                  {task.task}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
                  <TaskPriorityBadge priority={task.priority} />
                  <span>Added {timeAgo(task.createdAt)}</span>
                </p>
              </div>
              <Button size="sm" variant="secondary" aria-describedby={`admin-task-${task.id}`} loading={busyId === task.id} disabled={busyId !== null} onClick={() => complete(task)}>
                Complete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <LoadMoreFooter list={list} />
      </div>
      <AddTaskDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(task) => {
          setAdding(false);
          setNotice({ tone: 'success', text: `Added: ${task.task}` });
          void revalidator.revalidate();
        }}
      />
    </Card>
  );
}
