import { BellIcon, CheckCircleIcon } from '@heroicons/react/24/outline';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, NOTIFICATION_VIEWS, type TNotification } from '../../../core/notifications.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { browserZone } from '../../lib/dates.ts';
import { searchParam } from '../../lib/query-params.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { notificationsApi } from '../../features/notifications/api.ts';
import { NotificationList } from '../../features/notifications/notification-list.tsx';
import { PreferencesCard } from '../../features/notifications/preferences-card.tsx';

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchParam(params);
  const type = NOTIFICATION_TYPES.find((t) => t === params.get('type'));
  const view = NOTIFICATION_VIEWS.find((v) => v === params.get('view')) ?? 'inbox';
  const filter = { q: q || undefined, type, view: view === 'inbox' ? undefined : view, tz: browserZone() };
  const list = await notificationsApi.list(filter);
  return { ...list, filter, q, type: type ?? '', view };
}

const VIEW_LABELS = { inbox: 'All', unread: 'Unread', archived: 'Archived (history)' } as const;
const DONE = { markRead: 'Marked as read.', archive: 'Archived: it is in Notification History now.', unarchive: 'Restored to your notifications.' } as const;

/** Notifications: counters, search, filter, archive, New badges, Mark All as Read, and what to be notified about. */
export function Component() {
  const { items, nextCursor, filter, counts, preferences, q, type, view } = useLoaderData<typeof loader>();
  const list = useLoadMore({ items, nextCursor }, JSON.stringify(filter), (cursor) => notificationsApi.list({ ...filter, cursor }));
  const { busyId, notice, act } = useRowAction();
  const run = (n: TNotification, action: keyof typeof DONE) =>
    void act(n.id, async () => {
      list.replace(await notificationsApi[action](n.id));
      return DONE[action];
    });
  const markAll = () =>
    void act('all', async () => {
      const { updated } = await notificationsApi.markAllRead();
      return `Marked ${updated} ${updated === 1 ? 'notification' : 'notifications'} as read.`;
    });

  const tiles = [
    { label: 'Unread', value: counts.unread },
    { label: 'Today', value: counts.today },
    { label: 'Total', value: counts.total },
  ];

  return (
    <div className="space-y-8">
      <PageHeader
        title="Notifications"
        description="What your loved ones shared, messages for you, and news about their estates."
        actions={
          <Button variant="secondary" onClick={markAll} loading={busyId === 'all'} disabled={counts.unread === 0}>
            <CheckCircleIcon aria-hidden="true" className="size-5" />
            Mark All as Read
          </Button>
        }
      />
      <dl className="grid grid-cols-3 gap-4">
        {tiles.map((t) => (
          <div key={t.label} className="rounded-xl bg-white px-4 py-5 shadow-xs ring-1 ring-stone-200 sm:px-6">
            <dt className="text-sm font-medium text-stone-600">{t.label}</dt>
            <dd className="mt-1 text-3xl font-semibold text-stone-900 tabular-nums">{t.value}</dd>
          </div>
        ))}
      </dl>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <SearchFilterBar searchLabel="Search notifications" q={q} activeFilters={(type ? 1 : 0) + (view !== 'inbox' ? 1 : 0)}>
            <SelectField label="Type" name="type" defaultValue={type}>
              <option value="">All types</option>
              {NOTIFICATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {NOTIFICATION_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Show" name="view" defaultValue={view}>
              {NOTIFICATION_VIEWS.map((v) => (
                <option key={v} value={v}>
                  {VIEW_LABELS[v]}
                </option>
              ))}
            </SelectField>
          </SearchFilterBar>
          <Card title={view === 'archived' ? 'Notification History' : 'Recent Notifications'}>
            {list.items.length === 0 ? (
              <EmptyState
                icon={BellIcon}
                title={q || type || view !== 'inbox' ? 'No notifications match' : 'You are all caught up'}
                description={q || type || view !== 'inbox' ? 'Try other words, or clear the filter.' : 'New notifications will appear here.'}
              />
            ) : (
              <NotificationList
                items={list.items}
                busyId={busyId}
                onOpen={(n) => !n.read && void notificationsApi.markRead(n.id)}
                onRead={(n) => run(n, 'markRead')}
                onArchive={(n) => run(n, 'archive')}
                onRestore={(n) => run(n, 'unarchive')}
              />
            )}
            <div className="mt-4">
              <LoadMoreFooter list={list} />
            </div>
          </Card>
        </div>
        <div>
          <PreferencesCard initial={preferences} />
        </div>
      </div>
    </div>
  );
}
