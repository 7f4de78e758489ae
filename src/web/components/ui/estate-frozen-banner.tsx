import { LockClosedIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates.ts';

/** Above every owner screen once the estate is active (ADR 0074): why nothing here can be changed. */
export function EstateFrozenBanner({ activatedAt }: { activatedAt: string }) {
  return (
    <div role="status" className="mb-8 flex gap-3 rounded-xl bg-stone-100 p-4 text-stone-800 ring-1 ring-stone-300 ring-inset">
      <LockClosedIcon aria-hidden="true" className="size-6 shrink-0 text-stone-600" />
      <p className="min-w-0">
        <span className="font-semibold">Your estate was activated on {formatDate(activatedAt)}.</span> Everything here is kept as you left it; nothing can
        be changed. If this is a mistake,{' '}
        <Link to="/estate-owner" className="font-semibold underline">
          tell us on your dashboard
        </Link>
        .
      </p>
    </div>
  );
}
