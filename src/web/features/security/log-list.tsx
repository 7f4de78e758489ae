import { useCallback, useEffect, useRef, useState } from 'react';
import type { TLogPage } from '../../../core/security.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { securityApi } from './api.ts';
import { dateTime, timeAgo } from './format.ts';

type Kind = 'security' | 'activity';
const fetchPage = (kind: Kind, cursor?: string) => (kind === 'security' ? securityApi.securityLog(cursor) : securityApi.activityLog(cursor));

/** Security Log (sign-ins and security events) or Activity Log (everything else), newest first, a page at a time. */
export function LogList({ kind, refreshKey = 0 }: { kind: Kind; refreshKey?: number }) {
  const [first, setFirst] = useState<{ key: string; page: TLogPage } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = `${kind}:${refreshKey}`;

  const load = useCallback(async () => {
    try {
      setFirst({ key, page: await fetchPage(kind) });
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The log could not be loaded.');
    }
  }, [kind, key]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <Alert tone="error">{error}</Alert>;
  if (!first) {
    return (
      <div role="status" className="flex justify-center py-6 text-stone-500">
        <Spinner />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  // The first page is kept while a refresh loads; the pages loaded after it are dropped with it.
  return <LogEntries kind={kind} first={first.page} query={first.key} />;
}

function LogEntries({ kind, first, query }: { kind: Kind; first: TLogPage; query: string }) {
  const list = useLoadMore(first, query, (cursor) => fetchPage(kind, cursor));
  const listRef = useRef<HTMLUListElement>(null);
  if (list.items.length === 0) {
    return <p className="text-sm text-stone-600">{kind === 'security' ? 'No sign-ins or security events yet.' : 'Nothing recorded yet.'}</p>;
  }
  return (
    <div className="space-y-4">
      <ul ref={listRef} className="divide-y divide-stone-100" aria-label={kind === 'security' ? 'Security events' : 'Activity'}>
        {list.items.map((entry) => (
          <li key={entry.id} tabIndex={-1} className="flex flex-col gap-1 py-3 focus:outline-2 focus:outline-offset-2 focus:outline-accent-solid sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <p className="font-medium text-stone-900">{entry.description}</p>
              {kind === 'security' && (
                <p className="text-sm text-stone-600">
                  {entry.device}
                  {entry.ip ? ` · ${entry.ip}` : ''}
                </p>
              )}
            </div>
            <time dateTime={entry.at} title={dateTime(entry.at)} className="shrink-0 text-sm text-stone-500">
              {timeAgo(entry.at)}
            </time>
          </li>
        ))}
      </ul>
      {/* An entry has no link or button: focus goes to the first new entry itself (tabIndex -1). */}
      <LoadMoreFooter list={list} focusNew={(before) => (listRef.current?.children[before] as HTMLElement | undefined)?.focus()} />
    </div>
  );
}
