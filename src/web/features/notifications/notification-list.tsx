import {
  ArchiveBoxArrowDownIcon,
  ArrowDownTrayIcon,
  ArrowUturnLeftIcon,
  ChatBubbleLeftRightIcon,
  CheckIcon,
  DocumentTextIcon,
  HomeModernIcon,
  PhotoIcon,
  ShieldCheckIcon,
} from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import type { NotificationType, TNotification } from '../../../core/notifications.schemas.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import type { IconComponent } from '../../components/ui/icons.ts';
import { timeAgo } from '../../lib/dates.ts';

const ICON: Record<NotificationType, IconComponent> = {
  memory: PhotoIcon,
  document: DocumentTextIcon,
  message: ChatBubbleLeftRightIcon,
  estate: HomeModernIcon,
  security: ShieldCheckIcon,
  activity: ArrowDownTrayIcon,
};

export interface NotificationActions {
  busyId: string | null;
  onOpen: (n: TNotification) => void;
  onRead: (n: TNotification) => void;
  onArchive: (n: TNotification) => void;
  onRestore: (n: TNotification) => void;
}

/** Notifications, unread ones highlighted with a New badge; View, Mark as read and Archive on each. */
export function NotificationList({ items, busyId, onOpen, onRead, onArchive, onRestore }: { items: TNotification[] } & NotificationActions) {
  return (
    <ul className="divide-y divide-stone-100">
      {items.map((n) => {
        const Icon = ICON[n.type];
        const textId = `notification-${n.id}`;
        const busy = busyId === n.id;
        return (
          <li key={n.id} className={`flex gap-3 px-3 py-4 ${n.read ? '' : 'rounded-lg bg-accent-soft/60'}`}>
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-stone-200">
              <Icon aria-hidden="true" className="size-5 text-accent-icon" />
            </span>
            <div className="min-w-0 flex-1">
              <div id={textId}>
                <p className={`text-sm ${n.read ? 'text-stone-700' : 'font-medium text-stone-900'}`}>
                  {!n.read && <span className="mr-2 inline-flex rounded-full bg-accent-solid px-2 py-0.5 align-middle text-xs font-semibold text-white">New</span>}
                  {n.message}
                </p>
                <p className="mt-0.5 text-sm text-stone-500">
                  {n.from && <>{n.from} · </>}
                  <time dateTime={n.createdAt}>{timeAgo(n.createdAt)}</time>
                </p>
              </div>
              <div className="mt-2 flex flex-wrap gap-2">
                {n.link && (
                  <Link to={n.link} onClick={() => onOpen(n)} className={buttonClasses('secondary', 'sm')} aria-describedby={textId}>
                    View
                  </Link>
                )}
                {!n.read && (
                  <Button variant="ghost" size="sm" disabled={busy} onClick={() => onRead(n)} aria-describedby={textId}>
                    <CheckIcon aria-hidden="true" className="size-4" />
                    Mark as read
                  </Button>
                )}
                {n.archived ? (
                  <Button variant="ghost" size="sm" disabled={busy} onClick={() => onRestore(n)} aria-describedby={textId}>
                    <ArrowUturnLeftIcon aria-hidden="true" className="size-4" />
                    Restore
                  </Button>
                ) : (
                  <Button variant="ghost" size="sm" disabled={busy} onClick={() => onArchive(n)} aria-describedby={textId}>
                    <ArchiveBoxArrowDownIcon aria-hidden="true" className="size-4" />
                    Archive
                  </Button>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
