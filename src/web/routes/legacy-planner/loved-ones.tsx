import { PlusIcon, UsersIcon } from '@heroicons/react/24/outline';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { searchParam } from '../../lib/query-params.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { INVITE_PATH, plannerApi } from '../../features/planner/api.ts';
import { LovedOneList } from '../../features/planner/loved-one-list.tsx';

export async function loader({ request }: LoaderFunctionArgs) {
  const q = searchParam(new URL(request.url).searchParams).slice(0, 100);
  return { page: await plannerApi.lovedOnes({ q: q || undefined }), q };
}

/** Loved Ones: search, progress, status, and View Details or Assist Now for each. */
export function Component() {
  const { page, q } = useLoaderData<typeof loader>();
  const list = useLoadMore(page, q, (cursor) => plannerApi.lovedOnes({ q: q || undefined, cursor }));
  return (
    <div className="space-y-8">
      <PageHeader
        title="Loved Ones"
        description="The people you help with their legacy plans. Those who need attention have made little progress or have not signed in for a month."
        actions={
          <Link to={INVITE_PATH} className={buttonClasses('primary')}>
            <PlusIcon aria-hidden="true" className="size-5" />
            Invite Loved One
          </Link>
        }
      />
      <SearchFilterBar searchLabel="Search loved ones by name or email" q={q} />
      <Card title="Your loved ones" description={`${list.items.length} shown${list.nextCursor ? ', more to load' : ''}`}>
        {list.items.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title={q ? 'No loved ones match' : 'No loved ones yet'}
            description={q ? 'Try another name or email address.' : 'Invite someone you help; they appear here once they accept, or once they add you to their support team.'}
          />
        ) : (
          <div className="space-y-6">
            <LovedOneList lovedOnes={list.items} label="Loved ones" />
            <LoadMoreFooter list={list} />
          </div>
        )}
      </Card>
    </div>
  );
}
