import { ArrowDownTrayIcon, QueueListIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ZAuditLogFilters, type TAuditLogFilters, type TAuditLogPage } from '../../../core/admin-logs.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { adminLogsApi, logsQuery } from '../../features/admin-logs/api.ts';
import { LogTable } from '../../features/admin-logs/log-table.tsx';
import { VerifyRecord } from '../../features/admin-logs/verify-record.tsx';
import { idParam, searchParam } from '../../lib/query-params.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';

const EMPTY: TAuditLogPage = { items: [], nextCursor: null, actorName: null };

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const raw = {
    q: searchParam(params).slice(0, 100) || undefined,
    actor: idParam(params, 'actor'),
    action: params.get('action') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const parsed = ZAuditLogFilters.safeParse(raw);
  const filters: TAuditLogFilters = parsed.success ? parsed.data : {};
  const [page, actions, settings] = await Promise.all([
    parsed.success ? adminLogsApi.page(filters) : Promise.resolve(EMPTY),
    adminLogsApi.actions(),
    adminLogsApi.settings(),
  ]);
  return { page, actions: actions.items, timeZone: settings.defaultTimeZone, filters: raw, problem: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the filters') };
}

/** Logs: the platform audit log, searchable and filtered in the database, 50 at a time, and its CSV. */
export function Component() {
  const { page, actions, timeZone, filters, problem } = useLoaderData<typeof loader>();
  const key = logsQuery(filters);
  const list = useLoadMore(page, key, (cursor) => adminLogsApi.page(filters, cursor));
  const active = [filters.action, filters.from, filters.to].filter(Boolean).length;
  const withoutActor = logsQuery({ ...filters, actor: undefined });
  const filtered = Boolean(key);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Logs"
        description={`Everything recorded in the audit log, newest first. Times and dates are in ${timeZone}, the system time zone.`}
        actions={
          <a href={adminLogsApi.csvHref(filters)} download className={buttonClasses('secondary')}>
            <ArrowDownTrayIcon aria-hidden="true" className="size-5 text-stone-500" />
            Export CSV
          </a>
        }
      />
      <SearchFilterBar searchLabel="Search actions, names or emails" q={filters.q ?? ''} activeFilters={active}>
        {filters.actor && <input type="hidden" name="actor" value={filters.actor} />}
        <SelectField label="Action" name="action" defaultValue={filters.action ?? ''}>
          <option value="">All actions</option>
          {actions.map((a) => (
            <option key={a.action} value={a.action}>
              {a.description}
            </option>
          ))}
        </SelectField>
        <TextField label="From" name="from" type="date" defaultValue={filters.from ?? ''} />
        <TextField label="To" name="to" type="date" defaultValue={filters.to ?? ''} />
        <Link to="/admin/logs" className="block text-sm font-semibold text-accent-text hover:underline">
          Clear all filters
        </Link>
      </SearchFilterBar>
      {filters.actor && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          Showing entries by <strong className="font-semibold text-stone-900">{page.actorName ?? 'an unknown account'}</strong>
          <Link to={`/admin/logs${withoutActor}`} className={buttonClasses('ghost', 'sm')}>
            <XMarkIcon aria-hidden="true" className="size-4" />
            Show everyone
          </Link>
        </p>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      <Card title="Tamper check" description="Is the audit record exactly as it was written?">
        <VerifyRecord />
      </Card>
      <Card title="Audit log" description={`${list.items.length.toLocaleString('en-GB')} shown${list.nextCursor ? ', more to load' : ''}`}>
        {list.items.length === 0 ? (
          <EmptyState
            icon={QueueListIcon}
            title={filtered ? 'No entries match' : 'Nothing recorded yet'}
            description={filtered ? 'Try other words, another action or a wider date range.' : 'Sign-ins, changes and administrative actions are recorded here.'}
          />
        ) : (
          <div className="space-y-6">
            <LogTable entries={list.items} timeZone={timeZone} actorHref={(actor) => `/admin/logs${logsQuery({ ...filters, actor })}`} />
            <LoadMoreFooter list={list} />
          </div>
        )}
      </Card>
    </div>
  );
}
