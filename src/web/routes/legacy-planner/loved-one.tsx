import { ArrowLeftIcon, CalendarDaysIcon, ClipboardDocumentListIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { initialsOf } from '../../../core/names.ts';
import type { TLovedOneDetail } from '../../../core/planner.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { NotFoundPage } from '../../components/ui/not-found-page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { orNotFound } from '../../lib/api.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { ClientAppointments } from '../../features/planner/client-appointments.tsx';
import { LOVED_ONES_PATH, plannerApi, SCHEDULE_SESSION_PATH } from '../../features/planner/api.ts';
import { lastActiveInWords, LovedOneStatusBadge } from '../../features/planner/loved-one-status.tsx';
import { IncapacityEstatePanel } from '../../features/incapacity/incapacity-estate-panel.tsx';
import { ProgressByArea } from '../../features/planner/progress-by-area.tsx';
// A route may compose features: the client's task list reads like their own, and Suggest a task is the Add New Task form.
import { TaskDialog } from '../../features/tasks/task-dialog.tsx';
import { TaskRow } from '../../features/tasks/task-row.tsx';

export async function loader({ params }: LoaderFunctionArgs): Promise<TLovedOneDetail | { notFound: true }> {
  // Another planner's client, no such estate and a malformed id all read the same: not found, inside the area.
  return orNotFound(() => plannerApi.lovedOne(params.estateId ?? ''));
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  if ('notFound' in loaded) {
    return (
      <NotFoundPage
        title="Loved one not found"
        description="404 — none of your loved ones is at this address."
        why="The link may be mistyped, or this person is not one of your loved ones."
        back={{ to: LOVED_ONES_PATH, label: 'All loved ones' }}
      />
    );
  }
  return <LovedOne detail={loaded} />;
}

/** A loved one's page: who they are, their progress by area, their tasks (Suggest a task) and appointments with you. */
function LovedOne({ detail }: { detail: TLovedOneDetail }) {
  const { lovedOne: person, progress, tasks, appointments } = detail;
  const [suggesting, setSuggesting] = useState<number | null>(null);
  const { notice, act } = useRowAction();

  return (
    <div className="space-y-8">
      <Link to={LOVED_ONES_PATH} className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent-text hover:underline">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        All loved ones
      </Link>
      <div className="flex items-start gap-4">
        <Avatar initials={initialsOf(person.name)} size="lg" />
        <div className="min-w-0 flex-1">
          <PageHeader
            title={person.name}
            description={
              <div className="space-y-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <LovedOneStatusBadge status={person.status} />
                  <span>
                    {person.relationship} · {lastActiveInWords(person.lastActive)}
                  </span>
                </div>
                <p>
                  <a className="[overflow-wrap:anywhere] hover:underline" href={`mailto:${person.email}`}>
                    {person.email}
                  </a>
                  {person.phone && (
                    <span className="block sm:inline">
                      <span className="hidden sm:inline"> · </span>
                      <a className="whitespace-nowrap hover:underline" href={`tel:${person.phone}`}>
                        {person.phone}
                      </a>
                    </span>
                  )}
                </p>
              </div>
            }
            actions={
              <>
                <Button onClick={() => setSuggesting(Date.now())}>
                  <PlusIcon aria-hidden="true" className="size-5" />
                  Suggest a task
                </Button>
                <Link to={SCHEDULE_SESSION_PATH} className={buttonClasses('secondary')}>
                  Schedule Session
                </Link>
              </>
            }
          />
        </div>
      </div>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <IncapacityEstatePanel estateId={person.estateId} />
      <Card title="Progress by area" description="Computed from their plan exactly as their own dashboard shows it. You see the figures, never the content.">
        <ProgressByArea progress={progress} />
      </Card>
      <div className="grid items-start gap-8 lg:grid-cols-3">
        <Card className="lg:col-span-2" title="Their tasks" description="Their task list as they see it; the tasks you suggest are marked.">
          {tasks.length === 0 ? (
            <EmptyState icon={ClipboardDocumentListIcon} title="No tasks yet" description="Suggest a first step they can take." />
          ) : (
            <ul className="divide-y divide-stone-100" aria-label={`Tasks of ${person.name}`}>
              {tasks.map((task) => (
                <TaskRow key={task.id} task={task} />
              ))}
            </ul>
          )}
        </Card>
        <Card title="Appointments" description="Your sessions with them.">
          {appointments.length === 0 ? (
            <EmptyState icon={CalendarDaysIcon} title="No appointments" description="Schedule a session to meet them." />
          ) : (
            <ClientAppointments appointments={appointments} />
          )}
        </Card>
      </div>
      {suggesting !== null && (
        <TaskDialog
          key={suggesting}
          open
          task={null}
          suggest={{ title: `Suggest a task to ${person.name}`, submitLabel: 'Suggest Task', save: (input) => plannerApi.suggestTask(person.estateId, input) }}
          onClose={() => setSuggesting(null)}
          onSaved={(task) => {
            setSuggesting(null);
            void act(task.id, async () => `Suggested “${task.title}” to ${person.name}. It is on their task list now.`);
          }}
        />
      )}
    </div>
  );
}
