import type { RefObject } from 'react';
import type { TInboxThread } from '../../../core/inbox.schemas.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { timeAgo } from '../../lib/dates.ts';

/**
 * The inbox: unread mark, sender, subject, preview, date and a Read button per conversation. The
 * mark is a dot (beneficiary wireframe) or a 'New' badge (planner wireframe).
 */
export function ThreadList({
  threads,
  onRead,
  unreadMark = 'dot',
  listRef,
}: {
  threads: TInboxThread[];
  onRead: (threadId: string) => void;
  unreadMark?: 'dot' | 'badge';
  /** the list element, for Load more's focus on the first new conversation */
  listRef?: RefObject<HTMLUListElement | null>;
}) {
  return (
    <ul ref={listRef} className="divide-y divide-stone-100">
      {threads.map((t) => {
        const subjectId = `thread-${t.threadId}`;
        return (
          <li key={t.threadId} className="flex gap-4 py-4 first:pt-0 last:pb-0">
            {unreadMark === 'dot' && (
              <span className="flex w-2.5 shrink-0 justify-center pt-4">
                {t.unread && (
                  <span className="size-2.5 rounded-full bg-accent-solid">
                    <span className="sr-only">Unread</span>
                  </span>
                )}
              </span>
            )}
            <Avatar initials={t.counterpart.initials} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className={`text-sm ${t.unread ? 'font-semibold text-stone-900' : 'font-medium text-stone-800'}`}>
                  {t.counterpart.name}
                  {t.counterpart.roleLabel && <span className="font-normal text-stone-500"> · {t.counterpart.roleLabel}</span>}
                </p>
                <time dateTime={t.lastAt} className="text-sm text-stone-500">
                  {timeAgo(t.lastAt)}
                </time>
              </div>
              <p id={subjectId} className={`mt-0.5 ${t.unread ? 'font-semibold text-stone-900' : 'text-stone-800'}`}>
                {unreadMark === 'badge' && t.unread && (
                  <span className="mr-2 inline-flex rounded-full bg-accent-solid px-2 py-0.5 align-middle text-xs font-semibold text-white">New</span>
                )}
                {t.subject}
                {t.messageCount > 1 && <span className="ml-1 text-sm font-normal text-stone-500">({t.messageCount})</span>}
              </p>
              <p className="mt-0.5 line-clamp-2 text-sm text-stone-600">{t.preview}</p>
            </div>
            <div className="shrink-0 self-center">
              <Button variant={t.unread ? 'primary' : 'secondary'} size="sm" onClick={() => onRead(t.threadId)} aria-describedby={subjectId}>
                Read
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
