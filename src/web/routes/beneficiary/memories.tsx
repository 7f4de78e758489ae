import { PhotoIcon } from '@heroicons/react/24/outline';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { MEMORY_TYPE_LABELS, MEMORY_TYPES } from '../../../core/constants.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { sharedApi } from '../../features/shared-content/api.ts';
import { SharedByFilter, sharedByOwners } from '../../features/shared-content/shared-by-filter.tsx';
import { MemoryCard } from '../../features/shared-content/memory-card.tsx';
import { MemoryDialog } from '../../features/shared-content/memory-dialog.tsx';
import { shownCountLabel } from '../../features/shared-content/shown-count.ts';
import { idParam, ignoringParams, searchParam, useQueryParam } from '../../lib/query-params.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';

export const shouldRevalidate = ignoringParams('view');

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchParam(params);
  const type = MEMORY_TYPES.find((t) => t === params.get('type'));
  const estateId = idParam(params, 'estate');
  const filter = { q: q || undefined, type, estateId };
  const [memories, access] = await Promise.all([sharedApi.memories(filter), sharedApi.access()]);
  return { memories, filter, owners: sharedByOwners(access), q, type: type ?? '', estateId: estateId ?? '' };
}

/** Shared Memories: everything the people who chose you have shared, searchable and filterable, a page at a time. */
export function Component() {
  const { memories, filter, owners, q, type, estateId } = useLoaderData<typeof loader>();
  const list = useLoadMore(memories, JSON.stringify(filter), (cursor) => sharedApi.memories({ ...filter, cursor }));
  const [viewing, setViewing] = useQueryParam('view');
  const filtered = Boolean(q || type || estateId);

  return (
    <div className="space-y-8">
      <PageHeader title="Shared Memories" description="Photos, recordings and stories your loved ones have shared with you." />
      <SearchFilterBar searchLabel="Search memories" q={q} activeFilters={(type ? 1 : 0) + (estateId ? 1 : 0)}>
        <SelectField label="Type" name="type" defaultValue={type}>
          <option value="">All types</option>
          {MEMORY_TYPES.map((t) => (
            <option key={t} value={t}>
              {MEMORY_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <SharedByFilter owners={owners} estateId={estateId} />
      </SearchFilterBar>
      <p className="sr-only" role="status">
        {shownCountLabel(list.items.length, list.nextCursor, 'memory', 'memories')}
      </p>
      {list.items.length === 0 ? (
        <EmptyState
          icon={PhotoIcon}
          title={filtered ? 'No memories match' : 'No memories shared with you yet'}
          description={
            filtered
              ? 'Try other words, or clear the filter.'
              : 'When someone shares a memory with you, it appears here. You will also get a notification.'
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {list.items.map((m) => (
            <MemoryCard key={m.id} memory={m} onView={setViewing} />
          ))}
        </ul>
      )}
      <LoadMoreFooter list={list} />
      <MemoryDialog memoryId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
