import { DocumentTextIcon } from '@heroicons/react/24/outline';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '../../../core/constants.ts';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { sharedApi } from '../../features/shared-content/api.ts';
import { SharedByFilter, sharedByOwners } from '../../features/shared-content/shared-by-filter.tsx';
import { DocumentDialog } from '../../features/shared-content/document-dialog.tsx';
import { DocumentList } from '../../features/shared-content/document-list.tsx';
import { shownCountLabel } from '../../features/shared-content/shown-count.ts';
import { idParam, ignoringParams, searchParam, useQueryParam } from '../../lib/query-params.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';

export const shouldRevalidate = ignoringParams('view');

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchParam(params);
  const category = DOCUMENT_TYPES.find((t) => t === params.get('category'));
  const estateId = idParam(params, 'estate');
  const filter = { q: q || undefined, category, estateId };
  const [documents, access] = await Promise.all([sharedApi.documents(filter), sharedApi.access()]);
  return { documents, filter, owners: sharedByOwners(access), q, category: category ?? '', estateId: estateId ?? '' };
}

/** Shared Documents: search, filter, View (in-page preview) and Download of the real file, a page at a time. */
export function Component() {
  const { documents, filter, owners, q, category, estateId } = useLoaderData<typeof loader>();
  const list = useLoadMore(documents, JSON.stringify(filter), (cursor) => sharedApi.documents({ ...filter, cursor }));
  const [viewingId, setViewing] = useQueryParam('view');
  const viewing = list.items.find((d) => d.id === viewingId) ?? null;
  const filtered = Boolean(q || category || estateId);

  return (
    <div className="space-y-8">
      <PageHeader title="Shared Documents" description="Important papers your loved ones have shared with you. Downloads are recorded for the owner." />
      <SearchFilterBar searchLabel="Search documents" q={q} activeFilters={(category ? 1 : 0) + (estateId ? 1 : 0)}>
        <SelectField label="Category" name="category" defaultValue={category}>
          <option value="">All categories</option>
          {DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {DOCUMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <SharedByFilter owners={owners} estateId={estateId} />
      </SearchFilterBar>
      <Card title="Documents" description={shownCountLabel(list.items.length, list.nextCursor, 'document', 'documents')}>
        {list.items.length === 0 ? (
          <EmptyState
            icon={DocumentTextIcon}
            title={filtered ? 'No documents match' : 'No documents shared with you yet'}
            description={filtered ? 'Try other words, or clear the filter.' : 'Documents shared with you will appear here, ready to view and download.'}
          />
        ) : (
          <DocumentList documents={list.items} onView={(d) => setViewing(d.id)} />
        )}
        <div className="mt-4">
          <LoadMoreFooter list={list} />
        </div>
      </Card>
      <DocumentDialog document={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
