import { useCallback, useEffect, useState } from 'react';
import type { TLogPage } from '../../../core/security.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { securityApi } from './api.ts';
import { dateTime, timeAgo } from './format.ts';

/** Security Log (sign-ins and security events) or Activity Log (everything else), paged. */
export function LogList({ kind, refreshKey = 0 }: { kind: 'security' | 'activity'; refreshKey?: number }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TLogPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (p: number) => {
      try {
        setData(await (kind === 'security' ? securityApi.securityLog(p) : securityApi.activityLog(p)));
        setError(null);
      } catch (e) {
        setError(e instanceof ApiError ? e.message : 'The log could not be loaded.');
      }
    },
    [kind],
  );

  useEffect(() => {
    void load(page);
  }, [load, page, refreshKey]);

  if (error) return <Alert tone="error">{error}</Alert>;
  if (!data) {
    return (
      <div role="status" className="flex justify-center py-6 text-stone-500">
        <Spinner />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  if (data.total === 0) {
    return <p className="text-sm text-stone-600">{kind === 'security' ? 'No sign-ins or security events yet.' : 'Nothing recorded yet.'}</p>;
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div>
      <ul className="divide-y divide-stone-100" aria-label={kind === 'security' ? 'Security events' : 'Activity'}>
        {data.items.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
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
      {pages > 1 && (
        <nav aria-label={`${kind === 'security' ? 'Security log' : 'Activity log'} pages`} className="mt-4 flex items-center justify-between gap-3 border-t border-stone-100 pt-4">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <span className="text-sm text-stone-600">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </nav>
      )}
    </div>
  );
}
