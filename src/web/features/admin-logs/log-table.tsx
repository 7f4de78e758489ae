import { Link } from 'react-router';
import type { TAuditLogEntry } from '../../../core/admin-logs.schemas.ts';

/** "15 Jun 2026, 14:30:05" in the given IANA time zone. */
export function formatInZone(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

const cell = 'px-3 py-3 align-top text-sm max-md:block max-md:px-0 max-md:py-0.5';
/** On a phone each row is a card and each cell says what it is. */
const label = 'md:hidden font-medium text-stone-500 mr-1';

/**
 * The audit log rows: time (in the system's time zone), actor (a link that filters by them),
 * action in words (its code underneath), target and IP. A table on wide screens, stacked on phones.
 */
export function LogTable({ entries, timeZone, actorHref }: { entries: TAuditLogEntry[]; timeZone: string; actorHref: (actorId: string) => string }) {
  return (
    <table className="w-full text-left max-md:block">
      <thead className="max-md:sr-only">
        <tr className="border-b border-stone-200 text-xs font-semibold tracking-wide text-stone-500 uppercase">
          <th scope="col" className="px-3 py-2">Time</th>
          <th scope="col" className="px-3 py-2">Actor</th>
          <th scope="col" className="px-3 py-2">Action</th>
          <th scope="col" className="px-3 py-2">Target</th>
          <th scope="col" className="px-3 py-2">IP address</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100 max-md:block">
        {entries.map((e) => (
          <tr key={e.id} className="max-md:block max-md:py-3">
            <td className={`${cell} whitespace-nowrap text-stone-700 tabular-nums`}>
              <span className={label}>Time:</span>
              <time dateTime={e.at}>{formatInZone(e.at, timeZone)}</time>
            </td>
            <td className={`${cell} break-words`}>
              <span className={label}>Actor:</span>
              {e.actorId && e.actorName ? (
                <Link to={actorHref(e.actorId)} className="font-medium text-accent-text underline-offset-2 hover:underline" title={`Show only ${e.actorName}’s entries`}>
                  {e.actorName}
                </Link>
              ) : (
                <span className="text-stone-600">{e.actorId ? 'Deleted account' : 'System'}</span>
              )}
              {e.actorEmail && <span className="block text-xs text-stone-500 max-md:break-all">{e.actorEmail}</span>}
            </td>
            <td className={cell}>
              <span className={label}>Action:</span>
              <span className="font-medium text-stone-900">{e.description}</span>
              <code className="block text-xs break-all text-stone-500">{e.action}</code>
            </td>
            <td className={`${cell} text-stone-700 max-md:break-all`}>
              <span className={label}>Target:</span>
              {e.target || '—'}
            </td>
            <td className={`${cell} whitespace-nowrap text-stone-700 tabular-nums`}>
              <span className={label}>IP:</span>
              {e.ip || '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
