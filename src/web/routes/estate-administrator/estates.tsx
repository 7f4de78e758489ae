import { BuildingLibraryIcon, CheckBadgeIcon, DocumentMagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { ESTATE_STATUSES } from '../../../core/lifecycle.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { searchParam } from '../../lib/query-params.ts';
import { estateAdministratorApi } from '../../features/estate-administrator/api.ts';
import { EstateList } from '../../features/estate-administrator/estate-list.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';
import { TransitionDialog, useEstateTransition } from '../../features/estate-administrator/transition.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchParam(params).slice(0, 100);
  const status = ESTATE_STATUSES.find((s) => s === params.get('status'));
  const page = await estateAdministratorApi.estates({ q: q || undefined, status });
  return { page, q, status: status ?? ('' as const) };
}

/** Estate Management: the estates in your care, with Verify, Activate and View Details. */
export function Component() {
  const { page, q, status } = useLoaderData<typeof loader>();
  const list = useLoadMore(page, `${q}|${status}`, (cursor) => estateAdministratorApi.estates({ q: q || undefined, status: status || undefined, cursor }));
  const transition = useEstateTransition((estate) => list.replace(estate));
  const filtered = Boolean(q || status);

  return (
    <div className="space-y-8">
      <PageHeader title="Estate Management" description="The estates in your care: verify the documents reported for them, then activate them." />
      <StatTiles
        label="Estate counts"
        tiles={[
          { label: 'Total Estates', value: page.tiles.total, icon: BuildingLibraryIcon, tone: 'bg-accent-soft text-accent-icon' },
          { label: 'Pending Verification', value: page.tiles.pendingVerification, icon: DocumentMagnifyingGlassIcon, tone: 'bg-amber-50 text-amber-700' },
          { label: 'Active', value: page.tiles.active, icon: CheckBadgeIcon, tone: 'bg-green-50 text-green-700' },
        ]}
      />
      <div aria-live="polite">{transition.notice && <Alert tone={transition.notice.tone}>{transition.notice.text}</Alert>}</div>
      <SearchFilterBar searchLabel="Search estates" q={q} activeFilters={status ? 1 : 0}>
        <SelectField label="Status" name="status" defaultValue={status}>
          <option value="">All statuses</option>
          {ESTATE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ESTATE_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </SearchFilterBar>
      <Card title="Estates" description={`${list.items.length} shown${list.nextCursor ? ', more to load' : ''}`}>
        {list.items.length === 0 ? (
          <EmptyState
            icon={BuildingLibraryIcon}
            title={filtered ? 'No estates match' : 'No estates yet'}
            description={
              filtered
                ? 'Try other words, or clear the filter.'
                : 'Estates appear here once their owners add you to their support team as estate administrator.'
            }
          />
        ) : (
          <div className="space-y-6">
            <EstateList estates={list.items} onActivate={(e) => transition.ask(e, 'activated')} />
            <LoadMoreFooter list={list} />
          </div>
        )}
      </Card>
      <TransitionDialog {...transition.dialog} />
    </div>
  );
}
