import { BuildingLibraryIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { TPlatformEstate } from '../../../core/admin-estates.schemas.ts';
import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { ESTATE_STATUSES } from '../../../core/lifecycle.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PendingReversalsCard } from '../../features/activation-review/pending-reversals-card.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { AddEstateDialog } from '../../features/admin-accounts/add-estate-dialog.tsx';
import { adminAccountsApi } from '../../features/admin-accounts/api.ts';
import { EstateList } from '../../features/admin-accounts/estate-list.tsx';
import { ManageEstateDialog } from '../../features/admin-accounts/manage-estate-dialog.tsx';
import { searchParam } from '../../lib/query-params.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchParam(params).slice(0, 100);
  const status = ESTATE_STATUSES.find((s) => s === params.get('status'));
  const page = await adminAccountsApi.estates({ q: q || undefined, status });
  return { page, q, status: status ?? ('' as const) };
}

/** Estates: every estate on the platform (owner, status, counts — never its contents); Add Estate and Manage. */
export function Component() {
  const { page, q, status } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const list = useLoadMore(page, `${q}|${status}`, (cursor) => adminAccountsApi.estates({ q: q || undefined, status: status || undefined, cursor }));
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<TPlatformEstate | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const filtered = Boolean(q || status);

  const changed = (estate: TPlatformEstate, text: string) => {
    list.replace(estate);
    setNotice(text);
    void revalidator.revalidate();
  };

  return (
    <div className="space-y-8">
      <PageHeader
        title="Estates"
        description="Every estate on the platform: its owner, where it is in its lifecycle and who administers it. Estate contents stay private to their owners."
        actions={
          <Button onClick={() => setAdding(true)}>
            <PlusIcon className="size-5" aria-hidden="true" />
            Add Estate
          </Button>
        }
      />
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      <PendingReversalsCard onDecided={() => void revalidator.revalidate()} />
      <SearchFilterBar searchLabel="Search estates by owner name or email" q={q} activeFilters={status ? 1 : 0}>
        <SelectField label="Status" name="status" defaultValue={status}>
          <option value="">All statuses</option>
          {ESTATE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ESTATE_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </SearchFilterBar>
      <Card title="All Estates" description={`${list.items.length} shown${list.nextCursor ? ', more to load' : ''}, newest first`}>
        {list.items.length === 0 ? (
          <EmptyState
            icon={BuildingLibraryIcon}
            title={filtered ? 'No estates match' : 'No estates yet'}
            description={filtered ? 'Try other words, or clear the filter.' : 'Add an estate to invite its owner by email.'}
          />
        ) : (
          <div className="space-y-6">
            <EstateList estates={list.items} onManage={setManaging} />
            <LoadMoreFooter list={list} />
          </div>
        )}
      </Card>
      <AddEstateDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(estate) => changed(estate, `An invitation was emailed to ${estate.owner.email}. The estate is listed now; its owner shows as Invited until they accept.`)}
      />
      <ManageEstateDialog
        estate={managing}
        onClose={() => setManaging(null)}
        onSaved={(estate, text) => {
          setManaging(null);
          changed(estate, text);
        }}
      />
    </div>
  );
}
