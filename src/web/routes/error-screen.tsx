import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { DocumentTitle } from '../components/ui/document-title.tsx';

export const ERROR_TITLE = 'Unexpected Application Error';

interface Described {
  status?: string | undefined;
  message: string;
  stack?: string | undefined;
  /** Whether reloading could help (not for a page that does not exist). */
  retry: boolean;
}

function describe(error: unknown): Described {
  if (isRouteErrorResponse(error)) {
    const message =
      error.status === 404
        ? "We couldn't find the page you asked for. It may have moved, or the address may be mistyped."
        : typeof error.data === 'string' && error.data
          ? error.data
          : 'Something went wrong while loading this page.';
    return { status: `${error.status} ${error.statusText}`.trim(), message, retry: error.status !== 404 };
  }
  if (error instanceof ApiError) {
    return { status: error.status ? String(error.status) : undefined, message: error.message, retry: error.status !== 404 };
  }
  if (error instanceof Error) {
    return { message: error.message, stack: import.meta.env.DEV ? error.stack : undefined, retry: true };
  }
  return { message: 'Something went wrong while loading this page.', retry: true };
}

/**
 * The router's error screen: unmatched paths (404) and anything a loader, action or component
 * throws. `inShell` when shown inside a persona layout's main area (keeps the sidebar).
 */
export function ErrorScreen({ inShell = false }: { inShell?: boolean }) {
  const { status, message, stack, retry } = describe(useRouteError());
  const body = (
    <div className="space-y-4">
      {status && <p className="text-sm font-semibold text-stone-500">{status}</p>}
      <p className="text-stone-700">{message}</p>
      {stack && (
        <pre className="max-h-64 overflow-auto rounded-lg bg-stone-100 p-3 text-xs text-stone-700">{stack}</pre>
      )}
      <div className="flex flex-wrap gap-3 pt-2">
        <Link to="/" className={buttonClasses('primary')}>
          Go to the home page
        </Link>
        {retry && (
          <button type="button" onClick={() => window.location.reload()} className={buttonClasses('secondary')}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
  if (!inShell) return <CenteredPage title={ERROR_TITLE}>{body}</CenteredPage>;
  return (
    <div className="max-w-2xl space-y-6">
      <DocumentTitle title={ERROR_TITLE} />
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{ERROR_TITLE}</h1>
      {body}
    </div>
  );
}
