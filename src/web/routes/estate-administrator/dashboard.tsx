import { BellAlertIcon, BuildingLibraryIcon, CheckBadgeIcon, ClockIcon, DocumentMagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { Link, useLoaderData } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useSignedInSession } from '../../layouts/persona-layout.tsx';
import { AlertList } from '../../features/estate-administrator/alert-list.tsx';
import { estateAdministratorApi } from '../../features/estate-administrator/api.ts';
import { ESTATES_PATH } from '../../features/estate-administrator/estate-list.tsx';
import { PendingVerificationsCard, VERIFICATIONS_PATH } from '../../features/estate-administrator/pending-verifications-card.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';

export function loader() {
  return estateAdministratorApi.dashboard();
}

/** The estate administrator's dashboard: estate counts, recent alerts and documents waiting for review. */
export function Component() {
  const { tiles, recentAlerts, pendingVerifications } = useLoaderData<typeof loader>();
  const { user } = useSignedInSession();
  const firstName = user.name.split(' ')[0] ?? user.name;

  return (
    <div className="space-y-8">
      <PageHeader
        title={`Welcome back, ${firstName}`}
        description="The estates in your care at a glance: what waits for verification, what is ready to activate, and what needs a response."
        actions={
          <>
            <Link to={`${VERIFICATIONS_PATH}?status=pending`} className={buttonClasses('primary')}>
              Review Verifications
            </Link>
            <Link to={ESTATES_PATH} className={buttonClasses('secondary')}>
              Manage Estates
            </Link>
          </>
        }
      />
      <StatTiles
        label="Estate overview"
        tiles={[
          { label: 'Total Estates', value: tiles.totalEstates, icon: BuildingLibraryIcon, tone: 'bg-accent-soft text-accent-icon' },
          { label: 'Pending Verifications', value: tiles.pendingVerifications, icon: DocumentMagnifyingGlassIcon, tone: 'bg-amber-50 text-amber-700' },
          { label: 'Activation Pending', value: tiles.activationPending, icon: ClockIcon, tone: 'bg-sky-50 text-sky-700' },
          { label: 'Active Estates', value: tiles.activeEstates, icon: CheckBadgeIcon, tone: 'bg-green-50 text-green-700' },
          { label: 'Open Alerts', value: tiles.openAlerts, icon: BellAlertIcon, tone: 'bg-red-50 text-red-700' },
        ]}
      />
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <Card
          title="Recent Alerts"
          actions={
            <Link to="/estate-administrator/alerts" className="text-sm font-semibold text-accent-text hover:underline">
              View all<span className="sr-only"> alerts</span>
            </Link>
          }
        >
          {recentAlerts.length === 0 ? (
            <EmptyState icon={BellAlertIcon} title="No alerts" description="New reports, overdue reviews and estates ready for activation show up here." />
          ) : (
            <AlertList alerts={recentAlerts} />
          )}
        </Card>
        <PendingVerificationsCard items={pendingVerifications} />
      </div>
    </div>
  );
}
