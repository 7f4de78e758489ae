import { ChartBarIcon, ClipboardDocumentListIcon, ClockIcon, UserGroupIcon, UsersIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { TContact } from '../../../core/inbox.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { lazyDialog } from '../../components/ui/lazy-dialog.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';
import { useSignedInSession } from '../../layouts/persona-layout.tsx';
import { ApiError } from '../../lib/api.ts';
// A route may compose features: Message Support writes through the inbox.
import { inboxApi } from '../../features/inbox/api.ts';
import { ActivityList } from '../../features/planner/activity-list.tsx';
import { INVITE_PATH, LOVED_ONES_PATH, plannerApi, SCHEDULE_SESSION_PATH, START_RECORDING_PATH } from '../../features/planner/api.ts';
import { LovedOneList } from '../../features/planner/loved-one-list.tsx';
import { PlannerTasksCard } from '../../features/planner/planner-tasks-card.tsx';

// Loads on first open (its form brings zod).
const ComposeDialog = lazyDialog(async () => (await import('../../features/inbox/compose-dialog.tsx')).ComposeDialog, (p) => p.open);

export async function loader() {
  const [dashboard, clients] = await Promise.all([plannerApi.dashboard(), plannerApi.lovedOnes()]);
  return { dashboard, clients: clients.items.map(({ estateId, name }) => ({ estateId, name })) };
}

/** Message Support: the compose dialog, addressed to Heirloom Support only. */
function useMessageSupport() {
  const [contacts, setContacts] = useState<TContact[] | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  async function open() {
    setNotice(null);
    try {
      // Heirloom Support comes first for a planner, whatever the page size.
      setContacts((await inboxApi.contacts()).items.filter((c) => c.estateId === null));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    }
  }
  return { contacts, notice, setNotice, open, close: () => setContacts(null) };
}

/** The legacy planner's dashboard: counters, progress of each loved one, tasks, recent activity and quick actions. */
export function Component() {
  const { dashboard, clients } = useLoaderData<typeof loader>();
  const { counters, progress, tasks, activity } = dashboard;
  const { user } = useSignedInSession();
  const support = useMessageSupport();
  const firstName = user.name.split(' ')[0] ?? user.name;
  const average = counters.averageCompletion;

  return (
    <div className="space-y-8">
      <PageHeader
        title={`Welcome back, ${firstName}`}
        description="How your loved ones are getting on with their legacy plans, and what is next for you."
        actions={
          <Link to={INVITE_PATH} className={buttonClasses('primary')}>
            Invite Loved One
          </Link>
        }
      />
      <StatTiles
        label="Your practice"
        tiles={[
          { label: 'Loved Ones', value: counters.lovedOnes, icon: UserGroupIcon, tone: 'bg-accent-soft text-accent-icon' },
          { label: 'Upcoming Tasks', value: counters.upcomingTasks, icon: ClipboardDocumentListIcon, tone: 'bg-amber-50 text-amber-700' },
          { label: 'Average Completion', value: average === null ? '—' : `${average}%`, icon: ChartBarIcon, tone: 'bg-green-50 text-green-700' },
        ]}
      />
      {average === null && <p className="text-sm text-stone-600">No average completion yet: it appears once a loved one accepts your invitation.</p>}
      <div aria-live="polite">{support.notice && <Alert tone={support.notice.tone}>{support.notice.text}</Alert>}</div>
      <div className="grid items-start gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <Card
            title="Progress"
            description="Each loved one's legacy completion; those who need attention first."
            actions={
              <Link to={LOVED_ONES_PATH} className="text-sm font-semibold text-accent-text hover:underline">
                View all<span className="sr-only"> loved ones</span>
              </Link>
            }
          >
            {progress.length === 0 ? (
              <EmptyState
                icon={UsersIcon}
                title="No loved ones yet"
                description="Invite someone you help with their legacy plan; they appear here once they accept."
                action={
                  <Link to={INVITE_PATH} className={buttonClasses('primary')}>
                    Invite Loved One
                  </Link>
                }
              />
            ) : (
              <LovedOneList lovedOnes={progress} label="Progress of your loved ones" compact />
            )}
          </Card>
          <PlannerTasksCard first={tasks} clients={clients} />
        </div>
        <div className="space-y-8">
          <Card title="Quick Actions">
            <div className="grid gap-3">
              <Link to={INVITE_PATH} className={buttonClasses('secondary')}>
                Invite Loved One
              </Link>
              <Link to={SCHEDULE_SESSION_PATH} className={buttonClasses('secondary')}>
                Schedule Session
              </Link>
              <Button variant="secondary" onClick={() => void support.open()}>
                Message Support
              </Button>
              <Link to={START_RECORDING_PATH} className={buttonClasses('secondary')}>
                Start Recording
              </Link>
            </div>
          </Card>
          <Card title="Recent Activity">
            {activity.length === 0 ? (
              <EmptyState icon={ClockIcon} title="Nothing yet" description="Progress, completed tasks and appointments of your loved ones show up here." />
            ) : (
              <ActivityList activity={activity} />
            )}
          </Card>
        </div>
      </div>
      <ComposeDialog
        open={support.contacts !== null}
        contacts={support.contacts ?? []}
        onClose={support.close}
        words={{
          description: "Write to Heirloom Support: questions about the platform, your account or a loved one's plan.",
          emptyText: 'Heirloom Support cannot be reached from here just now. Please try again later.',
        }}
        onSent={() => {
          support.close();
          support.setNotice({ tone: 'success', text: 'Your message is on its way to Heirloom Support.' });
        }}
      />
    </div>
  );
}
