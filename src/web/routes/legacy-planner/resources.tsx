import { BookOpenIcon } from '@heroicons/react/24/outline';
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { plannerToolsApi } from '../../features/planner-tools/api.ts';
import { searchParam } from '../../lib/query-params.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const q = searchParam(new URL(request.url).searchParams);
  const { resources } = await plannerToolsApi.resources(q || undefined);
  return { resources, q };
}

/** Learning Resources: articles written for Heirloom's planners, searched by their whole text. */
export function Component() {
  const { resources, q } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <PageHeader title="Learning Resources" description="Short, practical guides for helping the people you care for — to read, share and print." />
      <Form method="get" role="search" className="flex gap-3">
        <SearchInput label="Search articles" name="q" defaultValue={q} key={q} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {q && (
        <p className="text-sm text-stone-600" aria-live="polite">
          {resources.length} {resources.length === 1 ? 'article matches' : 'articles match'} “{q}”.{' '}
          <Link to="/legacy-planner/resources" className="font-medium text-accent-text underline">
            Show all
          </Link>
        </p>
      )}
      {resources.length === 0 ? (
        <EmptyState icon={BookOpenIcon} title="No articles match" description="Try other words, or show all articles." />
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {resources.map((r) => (
            <li key={r.slug} className="relative flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200 focus-within:ring-2 focus-within:ring-accent-solid hover:ring-stone-300 sm:p-6">
              <h2 className="text-lg font-semibold text-stone-900">
                <Link to={`/legacy-planner/resources/${r.slug}`} className="after:absolute after:inset-0 focus:outline-none">
                  {r.title}
                </Link>
              </h2>
              <p className="mt-2 text-sm text-stone-600">{r.summary}</p>
              <p className="mt-auto pt-4 text-sm font-medium text-stone-500">{r.minutes} min read</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
