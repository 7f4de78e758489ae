import { ArrowLeftIcon, PrinterIcon } from '@heroicons/react/20/solid';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { TResource } from '../../../core/planner-tools.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { NotFoundPage } from '../../components/ui/not-found-page.tsx';
import { ArticleBody } from '../../features/planner-tools/article-body.tsx';
import { plannerToolsApi } from '../../features/planner-tools/api.ts';
import { orNotFound } from '../../lib/api.ts';
import { DocumentTitle } from '../../components/ui/document-title.tsx';

const RESOURCES_PATH = '/legacy-planner/resources';

export async function loader({ params }: LoaderFunctionArgs): Promise<{ article: TResource } | { notFound: true }> {
  return orNotFound(async () => ({ article: await plannerToolsApi.resource(params.slug ?? '') }));
}

/** One Learning Resources article: Back, title, reading time, the text, and Print. */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  if ('notFound' in loaded) {
    return (
      <NotFoundPage
        title="Article not found"
        description="404 — there is no article at this address."
        why="The link may be mistyped, or the article was renamed."
        back={{ to: RESOURCES_PATH, label: 'All articles' }}
      />
    );
  }
  const { article } = loaded;
  return (
    <article className="space-y-6">
      <DocumentTitle title={article.title} />
      <Link to={RESOURCES_PATH} className="inline-flex items-center gap-1 text-sm font-medium text-accent-text hover:underline print:hidden">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Back to Learning Resources
      </Link>
      <header className="max-w-prose">
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{article.title}</h1>
        <p className="mt-3 text-lg text-stone-600">{article.summary}</p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <span className="text-sm font-medium text-stone-500">{article.minutes} min read</span>
          <Button variant="secondary" size="sm" onClick={() => window.print()} className="print:hidden">
            <PrinterIcon aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      </header>
      <div className="rounded-xl bg-white px-5 py-2 shadow-xs ring-1 ring-stone-200 sm:px-8 print:px-0 print:shadow-none print:ring-0">
        <ArticleBody html={article.html} />
      </div>
    </article>
  );
}
