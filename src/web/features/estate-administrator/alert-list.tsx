import { CheckBadgeIcon, DocumentMagnifyingGlassIcon, DocumentTextIcon, ShieldExclamationIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import type { TEstateAlert } from '../../../core/lifecycle.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { timeAgo } from '../../lib/dates.ts';
import { AlertPriorityBadge, AlertStatusBadge, OverdueBadge } from './badges.tsx';
import { ESTATES_PATH } from './estate-list.tsx';

const TYPE = {
  verification: { icon: DocumentMagnifyingGlassIcon, label: 'Verification' },
  activation: { icon: CheckBadgeIcon, label: 'Activation' },
  security: { icon: ShieldExclamationIcon, label: 'Security' },
  document: { icon: DocumentTextIcon, label: 'Document' },
} as const;

export interface AlertActions {
  busyId: string | null;
  onTakeAction: (alert: TEstateAlert) => void;
  onResolve: (alert: TEstateAlert) => void;
}

/**
 * Alerts, newest first: type, message, estate, when, priority and state. An overdue high-priority
 * alert (not acted on within the response guideline) is marked in red. Take Action while unread,
 * Resolve until resolved; `actions` omitted shows the list read-only (the dashboard).
 */
export function AlertList({ alerts, actions }: { alerts: TEstateAlert[]; actions?: AlertActions }) {
  return (
    <ul className="divide-y divide-stone-100">
      {alerts.map((a) => {
        const { icon: Icon, label } = TYPE[a.type];
        const overdue = a.overdue && a.status !== 'resolved';
        return (
          <li key={a.id} className={`flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start ${overdue ? 'relative' : ''}`}>
            <span
              className={`flex size-9 shrink-0 items-center justify-center rounded-full ${overdue ? 'bg-red-100 text-red-700' : 'bg-accent-soft text-accent-icon'}`}
              aria-hidden="true"
            >
              <Icon className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p id={`alert-${a.id}`} className={`text-sm ${a.status === 'unread' ? 'font-semibold text-stone-900' : 'text-stone-800'}`}>
                <span className="sr-only">{label} alert: </span>
                {a.message}
              </p>
              <p className="mt-1 text-sm text-stone-600">
                <Link to={`${ESTATES_PATH}/${a.estateId}`} className="font-medium text-accent-text underline-offset-2 hover:underline">
                  {a.estateName}
                </Link>{' '}
                · <time dateTime={a.time}>{timeAgo(a.time)}</time>
              </p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {overdue && <OverdueBadge />}
                <AlertPriorityBadge priority={a.priority} />
                <AlertStatusBadge status={a.status} />
              </div>
            </div>
            {actions && a.status !== 'resolved' && (
              <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
                {a.status === 'unread' && (
                  <Button
                    size="sm"
                    aria-describedby={`alert-${a.id}`}
                    loading={actions.busyId === `${a.id}:take-action`}
                    disabled={actions.busyId !== null}
                    onClick={() => actions.onTakeAction(a)}
                  >
                    Take Action
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="secondary"
                  aria-describedby={`alert-${a.id}`}
                  loading={actions.busyId === `${a.id}:resolve`}
                  disabled={actions.busyId !== null}
                  onClick={() => actions.onResolve(a)}
                >
                  Resolve
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
