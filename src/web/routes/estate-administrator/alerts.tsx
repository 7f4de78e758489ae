import { BellAlertIcon, CheckCircleIcon, ClockIcon, ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useLoaderData } from 'react-router';
import type { TEstateAlert } from '../../../core/lifecycle.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { AlertList } from '../../features/estate-administrator/alert-list.tsx';
import { AlertSettingsCard } from '../../features/estate-administrator/alert-settings-card.tsx';
import { estateAdministratorApi } from '../../features/estate-administrator/api.ts';
import { ResponseGuidelines } from '../../features/estate-administrator/guidelines.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';

const RESOLVED_SHOWN = 10;

export async function loader() {
  const [alerts, resolved, settings] = await Promise.all([
    estateAdministratorApi.alerts(),
    estateAdministratorApi.alerts({ status: 'resolved', limit: RESOLVED_SHOWN }),
    estateAdministratorApi.settings(),
  ]);
  return { alerts, resolved: resolved.items, settings };
}

/** Alerts: counters, the alerts still open (Take Action, Resolve), alert settings and response guidelines. */
export function Component() {
  const { alerts, resolved, settings } = useLoaderData<typeof loader>();
  const { busyId, notice, act } = useRowAction();
  // The open alerts, newest first, a page at a time; the count is the server's.
  const list = useLoadMore(alerts, '', (cursor) => estateAdministratorApi.alerts({ cursor }));
  const active = list.items.filter((a) => a.status !== 'resolved');
  const openCount = alerts.counts.unread + alerts.counts.in_progress;

  const takeAction = (a: TEstateAlert) =>
    void act(`${a.id}:take-action`, async () => {
      list.replace(await estateAdministratorApi.takeAction(a.id));
      return `In progress: ${a.message}`;
    });
  const resolve = (a: TEstateAlert) =>
    void act(`${a.id}:resolve`, async () => {
      list.replace(await estateAdministratorApi.resolve(a.id));
      return `Resolved: ${a.message}`;
    });

  return (
    <div className="space-y-8">
      <PageHeader title="Alerts" description="What needs your attention on the estates in your care, most urgent first." />
      <StatTiles
        label="Alert counts"
        tiles={[
          { label: 'Unread', value: alerts.counts.unread, icon: BellAlertIcon, tone: 'bg-accent-soft text-accent-icon' },
          { label: 'In Progress', value: alerts.counts.in_progress, icon: ClockIcon, tone: 'bg-sky-50 text-sky-700' },
          { label: 'Resolved', value: alerts.counts.resolved, icon: CheckCircleIcon, tone: 'bg-green-50 text-green-700' },
          { label: 'High Priority', value: alerts.counts.high, icon: ExclamationTriangleIcon, tone: 'bg-red-50 text-red-700' },
        ]}
      />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <div className="grid items-start gap-8 xl:grid-cols-3">
        <div className="space-y-8 xl:col-span-2">
          <Card title="Active Alerts" description={openCount ? `${openCount} open` : undefined}>
            {active.length === 0 ? (
              <EmptyState icon={CheckCircleIcon} title="No open alerts" description="New reports, overdue reviews and estates ready for activation show up here." />
            ) : (
              <div className="space-y-4">
                <AlertList alerts={active} actions={{ busyId, onTakeAction: takeAction, onResolve: resolve }} />
                <LoadMoreFooter list={list} />
              </div>
            )}
          </Card>
          {resolved.length > 0 && (
            <Card title="Resolved Alerts" description="The most recent ones">
              <AlertList alerts={resolved} />
            </Card>
          )}
        </div>
        <div className="space-y-8">
          <AlertSettingsCard initial={settings} />
          <ResponseGuidelines />
        </div>
      </div>
    </div>
  );
}
