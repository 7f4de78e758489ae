import { BellAlertIcon, BugAntIcon, BoltIcon, LightBulbIcon, ShieldExclamationIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { TAdminAlert, TAdminAlertPage } from '../../../core/admin-dashboard.schemas.ts';
import type { TAdminAlertStatus } from '../../../core/admin.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { lazyDialog } from '../../components/ui/lazy-dialog.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { ApiError } from '../../lib/api.ts';
import { timeAgo } from '../../lib/dates.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { adminDashboardApi } from './api.ts';
import { AdminAlertStatusBadge, AdminAlertTypeBadge } from './badges.tsx';

const AlertDetailsDialog = lazyDialog(async () => (await import('./alert-details-dialog.tsx')).AlertDetailsDialog, (p) => p.alert !== null);

const ICON = { security: ShieldExclamationIcon, performance: BoltIcon, feature: LightBulbIcon, bug: BugAntIcon } as const;

/**
 * Recent Alerts (wireframe §4): open platform alerts, newest first, a page at a time. Review on a
 * pending one marks it under review and opens its details; Details on one under review or being
 * investigated opens them, with the next steps (Start Investigating, Mark Resolved).
 */
export function AlertsCard({ first }: { first: TAdminAlertPage }) {
  const list = useLoadMore(first, 'open', (cursor) => adminDashboardApi.alerts(cursor));
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<TAdminAlert | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function move(alert: TAdminAlert, to: TAdminAlertStatus) {
    setBusyId(alert.id);
    setNotice(null);
    try {
      const moved = await adminDashboardApi.moveAlert(alert.id, to);
      list.replace(moved);
      setOpen(to === 'resolved' ? null : moved);
      if (to === 'resolved') setNotice({ tone: 'success', text: `Resolved: ${alert.message}` });
      await revalidator.revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setOpen(null);
      setNotice({ tone: 'error', text: e.message });
      await revalidator.revalidate();
    } finally {
      setBusyId(null);
    }
  }

  const items = list.items.filter((a) => a.status !== 'resolved');
  return (
    <Card title="Recent Alerts" description={first.openCount ? `${first.openCount} open` : undefined}>
      <div aria-live="polite">{notice && <div className="mb-4"><Alert tone={notice.tone}>{notice.text}</Alert></div>}</div>
      {items.length === 0 ? (
        <EmptyState icon={BellAlertIcon} title="No open alerts" description="Repeated failed sign-ins, slow responses, failed jobs and user feedback show up here." />
      ) : (
        <ul className="divide-y divide-stone-100">
          {items.map((a) => {
            const Icon = ICON[a.type];
            return (
              <li key={a.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
                <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-icon">
                  <Icon className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p id={`admin-alert-${a.id}`} className={`text-sm break-words ${a.status === 'pending' ? 'font-semibold text-stone-900' : 'text-stone-800'}`}>
                    {a.message}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-1.5 text-sm text-stone-600">
                    <AdminAlertTypeBadge type={a.type} />
                    <AdminAlertStatusBadge status={a.status} />
                    <time dateTime={a.time}>{timeAgo(a.time)}</time>
                  </div>
                </div>
                <div className="shrink-0">
                  {a.status === 'pending' ? (
                    <Button size="sm" aria-describedby={`admin-alert-${a.id}`} loading={busyId === a.id} disabled={busyId !== null} onClick={() => void move(a, 'under_review')}>
                      Review
                    </Button>
                  ) : (
                    <Button size="sm" variant="secondary" aria-describedby={`admin-alert-${a.id}`} onClick={() => setOpen(a)}>
                      Details
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4">
        <LoadMoreFooter list={list} />
      </div>
      <AlertDetailsDialog alert={open} busy={busyId !== null} onMove={(a, to) => void move(a, to)} onClose={() => setOpen(null)} />
    </Card>
  );
}
