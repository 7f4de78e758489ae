import { ChatBubbleLeftRightIcon, PencilSquareIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { inboxApi } from '../../features/inbox/api.ts';
import { ComposeDialog } from '../../features/inbox/compose-dialog.tsx';
import { ThreadDialog } from '../../features/inbox/thread-dialog.tsx';
import { ThreadList } from '../../features/inbox/thread-list.tsx';
import { ignoringParams, searchParam, useQueryParam } from '../../lib/query-params.ts';

export const shouldRevalidate = ignoringParams('thread', 'compose');

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchParam(params);
  const filter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const [inbox, contacts] = await Promise.all([inboxApi.list({ q: q || undefined, filter }), inboxApi.contacts()]);
  return { ...inbox, contacts, q, filter };
}

/** Messages: conversations with the people who shared with you and their support team, and letters delivered to you. */
export function Component() {
  const { threads, unreadCount, contacts, q, filter } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const [threadId, setThreadId] = useQueryParam('thread');
  const [compose, setCompose] = useQueryParam('compose');

  return (
    <div className="space-y-8">
      <PageHeader
        title="Messages"
        description="Conversations with your loved ones and their support team, and the letters delivered to you."
        actions={
          <Button
            onClick={() => {
              setNotice(null);
              setCompose('1');
            }}
          >
            <PencilSquareIcon aria-hidden="true" className="size-5" />
            Compose Message
          </Button>
        }
      />
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      <SearchFilterBar searchLabel="Search messages" q={q} activeFilters={filter === 'unread' ? 1 : 0}>
        <SelectField label="Show" name="filter" defaultValue={filter}>
          <option value="all">All messages</option>
          <option value="unread">Unread only</option>
        </SelectField>
      </SearchFilterBar>
      <Card title="Inbox" description={unreadCount ? `${unreadCount} unread` : 'All caught up'}>
        {threads.length === 0 ? (
          <EmptyState
            icon={ChatBubbleLeftRightIcon}
            title={q || filter === 'unread' ? 'No messages match' : 'No messages yet'}
            description={q || filter === 'unread' ? 'Try other words, or show all messages.' : 'Messages and letters for you will appear here.'}
          />
        ) : (
          <ThreadList threads={threads} onRead={setThreadId} />
        )}
      </Card>
      <ThreadDialog threadId={threadId} onClose={() => setThreadId(null)} onChanged={() => void revalidator.revalidate()} />
      <ComposeDialog
        open={compose === '1'}
        contacts={contacts}
        onClose={() => setCompose(null)}
        onSent={(thread) => {
          setNotice(`Your message “${thread.subject}” was sent to ${thread.counterpart.name}.`);
          setCompose(null);
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
