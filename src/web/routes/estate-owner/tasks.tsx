import { ClipboardDocumentListIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import { useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { TASK_FILTERS } from '../../../core/constants.ts';
import type { TTask } from '../../../core/tasks.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { tasksApi } from '../../features/tasks/api.ts';
import { TaskCounters } from '../../features/tasks/task-counters.tsx';
import { TaskDialog } from '../../features/tasks/task-dialog.tsx';
import { TaskRow } from '../../features/tasks/task-row.tsx';
import { TaskToolbar } from '../../features/tasks/task-toolbar.tsx';
import { useEstateFrozen, WhileEditable } from '../../components/ui/estate-frozen.tsx';

type Filter = (typeof TASK_FILTERS)[number];
const isFilter = (v: string | null): v is Filter => (TASK_FILTERS as readonly (string | null)[]).includes(v);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get('filter');
  const filter: Filter = isFilter(raw) ? raw : 'all';
  const q = url.searchParams.get('q') ?? '';
  return { filter, q, first: await tasksApi.list(filter, q) };
}

type Editing = { key: number; task: TTask | null } | null;

export function Component() {
  const { filter, q, first } = useLoaderData<typeof loader>();
  const { counts, matching } = first;
  const frozen = useEstateFrozen();
  const list = useLoadMore(first, `${filter}|${q}`, (cursor) => tasksApi.list(filter, q, cursor));
  // a task completed or reopened on a later page leaves a Pending or Completed list at once
  const tasks = list.items.filter((task) => filter === 'all' || task.status === filter);
  const listRef = useRef<HTMLUListElement>(null);
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const { busyId, notice, setNotice, act } = useRowAction();
  const [toolbarKey, setToolbarKey] = useState(0);
  const [deleting, setDeleting] = useState<TTask | null>(null);

  const setParam = (key: 'filter' | 'q', value: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!value || (key === 'filter' && value === 'all')) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const changeStatus = (task: TTask, to: 'completed' | 'pending') =>
    act(task.id, async () => {
      list.replace(to === 'completed' ? await tasksApi.complete(task.id) : await tasksApi.reopen(task.id));
      return to === 'completed' ? `Completed “${task.title}”.` : `Reopened “${task.title}”.`;
    });

  async function confirmDelete() {
    const task = deleting;
    if (!task) return;
    await act(task.id, async () => {
      await tasksApi.remove(task.id);
      list.remove(task.id);
      return `Deleted “${task.title}”.`;
    });
    setDeleting(null);
  }

  const open = (task: TTask | null) => setEditing({ key: Date.now(), task });
  const searching = q.trim() !== '' || filter !== 'all';

  return (
    <div className="space-y-8">
      <PageHeader
        title="Tasks"
        description="Everything left to do for your legacy plan, in one list."
        actions={
          <WhileEditable>
            <Button onClick={() => open(null)}>
              <PlusIcon aria-hidden="true" className="size-5" />
              Add New Task
            </Button>
          </WhileEditable>
        }
      />
      <TaskCounters counts={counts} />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <Card title="Your tasks" description={`${matching === 1 ? '1 task' : `${matching} tasks`}${list.nextCursor ? `, ${tasks.length} shown` : ''}`}>
        <div className="space-y-2">
          <TaskToolbar key={toolbarKey} filter={filter} q={q} onFilter={(f) => setParam('filter', f)} onSearch={(value) => setParam('q', value)} />
          {tasks.length === 0 ? (
            <div className="pt-4">
              <EmptyState
                icon={ClipboardDocumentListIcon}
                title={searching ? 'No tasks match' : 'No tasks yet'}
                description={searching ? 'Try another search or show all tasks.' : 'Add a task to keep track of what is left to do.'}
                action={
                  searching ? (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setToolbarKey((k) => k + 1);
                        setSearchParams({}, { replace: true });
                      }}
                    >
                      Show all tasks
                    </Button>
                  ) : (
                    <WhileEditable>
                      <Button onClick={() => open(null)}>Add New Task</Button>
                    </WhileEditable>
                  )
                }
              />
            </div>
          ) : (
            <ul ref={listRef} className="divide-y divide-stone-100" aria-label="Tasks">
              {tasks.map((task) => (
                <TaskRow
                  key={task.id}
                  task={task}
                  actions={
                    frozen ? undefined : {
                    busy: busyId === task.id,
                    onComplete: (t) => void changeStatus(t, 'completed'),
                    onReopen: (t) => void changeStatus(t, 'pending'),
                    onEdit: (t) => open(t),
                    onDelete: (t) => setDeleting(t),
                    }
                  }
                />
              ))}
            </ul>
          )}
          <LoadMoreFooter list={{ ...list, items: tasks }} listRef={listRef} />
        </div>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this task?"
        description={deleting ? `“${deleting.title}” will be removed from your list. This cannot be undone.` : undefined}
        confirmLabel="Delete task"
        busy={deleting !== null && busyId === deleting.id}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
      <TaskDialog
        key={editing?.key ?? 'closed'}
        open={editing !== null}
        task={editing?.task ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          if (!created) list.replace(saved);
          setNotice({ tone: 'success', text: created ? `Added “${saved.title}”.` : `Saved “${saved.title}”.` });
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
