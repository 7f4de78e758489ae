import { Link } from 'react-router';
import type { TDemoMailSummary } from '../../../core/demo-mail.schemas.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The mail sent, newest first; each opens in the reading pane (`?id=`), keeping the filter. */
export function MailList({ mails, openId, hrefFor }: { mails: TDemoMailSummary[]; openId: string | null; hrefFor: (id: string) => string }) {
  return (
    <ul className="divide-y divide-stone-200" aria-label="Mail">
      {mails.map((m) => (
        <li key={m.id}>
          <Link
            to={hrefFor(m.id)}
            aria-current={m.id === openId ? 'true' : undefined}
            className="block rounded-lg px-3 py-3 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-accent-solid aria-[current]:bg-accent-soft"
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-sm font-semibold text-stone-900">{m.subject}</span>
              <span className="shrink-0 text-xs text-stone-600">{when(m.createdAt)}</span>
            </span>
            <span className="mt-0.5 block truncate text-sm text-stone-600">
              To {m.to} · {m.kind}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
