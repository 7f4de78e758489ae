import {
  ArrowTrendingUpIcon,
  BuildingLibraryIcon,
  ChartBarIcon,
  ChatBubbleLeftRightIcon,
  DocumentTextIcon,
  HeartIcon,
  PhotoIcon,
  QueueListIcon,
  ShieldCheckIcon,
  UserIcon,
  UsersIcon,
  BriefcaseIcon,
} from '@heroicons/react/24/outline';
import { Link, useLoaderData } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';
import { AlertsCard } from '../../features/admin-dashboard/alerts-card.tsx';
import { adminDashboardApi } from '../../features/admin-dashboard/api.ts';
import { SystemStatusCard } from '../../features/admin-dashboard/system-status-card.tsx';
import { TasksCard } from '../../features/admin-dashboard/tasks-card.tsx';

export async function loader() {
  const [dashboard, alerts, tasks] = await Promise.all([adminDashboardApi.dashboard(), adminDashboardApi.alerts(), adminDashboardApi.tasks()]);
  return { ...dashboard, alerts, tasks };
}

const ACTIONS = [
  { label: 'Manage Users', to: '/admin/users', icon: UsersIcon },
  { label: 'Security Settings', to: '/admin/security', icon: ShieldCheckIcon },
  { label: 'System Reports', to: '/admin/reports', icon: ChartBarIcon },
  { label: 'View Logs', to: '/admin/logs', icon: QueueListIcon },
] as const;

const n = (value: number) => value.toLocaleString('en-GB');

/** The admin dashboard: live totals, system status, open alerts, pending tasks and the four actions. */
export function Component() {
  const { metrics: m, systemStatus, alerts, tasks } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <PageHeader title="Admin Dashboard" description="The platform at a glance: who uses it, what it holds, how it is running and what needs attention." />
      <StatTiles
        label="Platform totals"
        tiles={[
          { label: 'Total Users', value: n(m.users), icon: UsersIcon, tone: 'bg-accent-soft text-accent-icon' },
          { label: 'Active Users', value: n(m.activeUsers), icon: UserIcon, tone: 'bg-green-50 text-green-700' },
          { label: 'New This Month', value: n(m.newUsersThisMonth), icon: ArrowTrendingUpIcon, tone: 'bg-sky-50 text-sky-700' },
          { label: 'Estates', value: n(m.estates), icon: BuildingLibraryIcon, tone: 'bg-amber-50 text-amber-700' },
          { label: 'Beneficiaries', value: n(m.beneficiaries), icon: HeartIcon, tone: 'bg-rose-50 text-rose-700' },
          { label: 'Planners', value: n(m.planners), icon: BriefcaseIcon, tone: 'bg-violet-50 text-violet-700' },
          { label: 'Memories', value: n(m.memories), icon: PhotoIcon, tone: 'bg-orange-50 text-orange-700' },
          { label: 'Documents', value: n(m.documents), icon: DocumentTextIcon, tone: 'bg-stone-100 text-stone-700' },
          { label: 'Messages', value: n(m.messages), icon: ChatBubbleLeftRightIcon, tone: 'bg-teal-50 text-teal-700' },
        ]}
      />
      <nav aria-label="Admin actions">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {ACTIONS.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={buttonClasses('secondary', 'md', 'w-full')}>
                <Icon aria-hidden="true" className="size-5 text-stone-500" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <AlertsCard first={alerts} />
        <div className="space-y-8">
          <SystemStatusCard status={systemStatus} />
          <TasksCard first={tasks} />
        </div>
      </div>
    </div>
  );
}
