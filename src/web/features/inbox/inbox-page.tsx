import { ChatBubbleLeftRightIcon, PencilSquareIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { TContactList, TInboxList } from '../../../core/inbox.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { ignoringParams, searchParam, useQueryParam } from '../../lib/query-params.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { inboxApi } from './api.ts';
import { ComposeDialog } from './compose-dialog.tsx';
import { ThreadDialog } from './thread-dialog.tsx';
import { ThreadList } from './thread-list.tsx';
import { refreshUnreadCount } from './unread-count.ts';

/** The inbox routes' shouldRevalidate: opening a thread or the compose dialog reloads nothing. */
export const inboxShouldRevalidate = ignoringParams('thread', 'compose');

/** What an inbox route's loader returns: the first page of threads (searched, filtered) and whom the caller may write to. */
export async function loadInbox(request: Request) {
  const params = new URL(request.url).searchParams;
  const q = searchParam(params);
  const filter = params.get('filter') === 'unread' ? ('unread' as const) : ('all' as const);
  const [inbox, contacts] = await Promise.all([inboxApi.list({ q: q || undefined, filter }), inboxApi.contacts()]);
  return { ...inbox, contacts, q, filter };
}

export interface InboxPanelProps extends TInboxList {
  contacts: TContactList;
  q: string;
  filter: 'all' | 'unread';
  /** the persona's words: in an empty inbox, and in the compose dialog */
  emptyText: string;
  composeWords?: { description: string; emptyText: string };
  unreadMark?: 'dot' | 'badge';
  /** query parameters the search form keeps (e.g. the owner's `tab=inbox`) */
  keepParams?: Record<string, string>;
}

export interface InboxPageProps extends InboxPanelProps {
  /** the persona's words under the title */
  description: string;
}

/** Messages of any persona: the h1 with Compose Message over the inbox panel. */
export function InboxPage({ description, ...panel }: InboxPageProps) {
  const [, setCompose] = useQueryParam('compose');
  return (
    <div className="space-y-8">
      <PageHeader
        title="Messages"
        description={description}
        actions={
          <Button onClick={() => setCompose('1')}>
            <PencilSquareIcon aria-hidden="true" className="size-5" />
            Compose Message
          </Button>
        }
      />
      <InboxPanel {...panel} />
    </div>
  );
}

/** The Compose Message button of an inbox shown without the page header (the owner's Inbox tab). */
export function ComposeMessageButton() {
  const [, setCompose] = useQueryParam('compose');
  return (
    <Button onClick={() => setCompose('1')}>
      <PencilSquareIcon aria-hidden="true" className="size-5" />
      Compose Message
    </Button>
  );
}

/** useLoadMore keys its items by `id`: a conversation's is its thread id. */
const keyed = (page: Pick<TInboxList, 'items' | 'nextCursor'>) => ({ ...page, items: page.items.map((t) => ({ ...t, id: t.threadId })) });

/**
 * The inbox itself: search, unread filter, the threads a page at a time (Load more; Read opens one to
 * read and reply), the compose dialog. The unread count is the server's, for the whole inbox.
 */
export function InboxPanel({ items, nextCursor, unreadCount, contacts, q, filter, emptyText, composeWords, unreadMark, keepParams }: InboxPanelProps) {
  const revalidator = useRevalidator();
  const listRef = useRef<HTMLUListElement>(null);
  const list = useLoadMore(keyed({ items, nextCursor }), `${filter}|${q}`, async (cursor) =>
    keyed(await inboxApi.list({ q: q || undefined, filter, cursor })),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [threadId, setThreadId] = useQueryParam('thread');
  const [compose, setCompose] = useQueryParam('compose');
  const narrowed = Boolean(q) || filter === 'unread';
  const changed = () => {
    // A conversation from a later page shows as read at once; the first page reloads below.
    const open = list.items.find((t) => t.id === threadId);
    if (open?.unread) list.replace({ ...open, unread: false });
    refreshUnreadCount();
    void revalidator.revalidate();
  };

  return (
    <div className="space-y-8">
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      <SearchFilterBar searchLabel="Search messages" q={q} activeFilters={filter === 'unread' ? 1 : 0} keepParams={keepParams}>
        <SelectField label="Show" name="filter" defaultValue={filter}>
          <option value="all">All messages</option>
          <option value="unread">Unread only</option>
        </SelectField>
      </SearchFilterBar>
      <Card title="Inbox" description={unreadCount ? `${unreadCount} unread` : 'All caught up'}>
        {list.items.length === 0 ? (
          <EmptyState
            icon={ChatBubbleLeftRightIcon}
            title={narrowed ? 'No messages match' : 'No messages yet'}
            description={narrowed ? 'Try other words, or show all messages.' : emptyText}
          />
        ) : (
          <div className="space-y-4">
            <ThreadList threads={list.items} onRead={setThreadId} unreadMark={unreadMark} listRef={listRef} />
            <LoadMoreFooter list={list} listRef={listRef} />
          </div>
        )}
      </Card>
      <ThreadDialog threadId={threadId} onClose={() => setThreadId(null)} onChanged={changed} />
      <ComposeDialog
        open={compose === '1'}
        contacts={contacts.items}
        more={contacts.more}
        words={composeWords}
        onClose={() => setCompose(null)}
        onSent={(thread) => {
          setNotice(`Your message “${thread.subject}” was sent to ${thread.counterpart.name}.`);
          setCompose(null);
          changed();
        }}
      />
    </div>
  );
}
