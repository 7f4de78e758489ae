import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ChatBubbleLeftRightIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { futureMessagesApi } from '../../features/future-messages/api.ts';
import { ComposeDialog } from '../../features/future-messages/compose-dialog.tsx';
import { MessageList } from '../../features/future-messages/message-list.tsx';
import { PreviewDialog } from '../../features/future-messages/preview-dialog.tsx';
import { ComposeMessageButton, InboxPanel, loadInbox } from '../../features/inbox/inbox-page.tsx';
import { ignoringParams, useQueryParam } from '../../lib/query-params.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

const TABS = ['future', 'inbox'] as const;

/** Switching tabs, opening a conversation or a dialog reloads nothing. */
export const shouldRevalidate = ignoringParams('tab', 'thread', 'compose');

export async function loader({ request }: LoaderFunctionArgs) {
  const [list, options, inbox] = await Promise.all([futureMessagesApi.list(), futureMessagesApi.options(), loadInbox(request)]);
  return { messages: list, options, inbox };
}

const tabClasses =
  'rounded-t-lg border-b-2 px-4 py-2.5 text-base font-medium focus:outline-none data-focus-visible:ring-2 data-focus-visible:ring-accent-ring data-selected:border-accent-solid data-selected:text-accent-text border-transparent text-stone-600 hover:text-stone-900';

/**
 * Messages: the Future Messages tab (letters delivered to beneficiaries on a date, on their birthday,
 * or after activation — the wireframe's screen) and the Inbox tab (what beneficiaries and the
 * support team write to the owner). The tab is kept in the address (?tab=inbox).
 */
export function Component() {
  const { inbox } = useLoaderData<typeof loader>();
  const [tab, setTab] = useQueryParam('tab');
  const selected = tab === 'inbox' ? 1 : 0;

  return (
    <div className="space-y-8">
      <PageHeader title="Messages" description="Letters for the people you love, and conversations with your family and support team." />
      <TabGroup selectedIndex={selected} onChange={(index) => setTab(TABS[index] === 'inbox' ? 'inbox' : null)}>
        <TabList aria-label="Messages" className="flex gap-2 border-b border-stone-200">
          <Tab className={tabClasses}>Future Messages</Tab>
          <Tab className={tabClasses}>
            Inbox
            {inbox.unreadCount > 0 && (
              <span className="ml-2 inline-flex min-w-6 justify-center rounded-full bg-accent-solid px-2 py-0.5 text-xs font-semibold text-white">
                {inbox.unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </Tab>
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel className="focus:outline-none">
            <FutureMessagesTab />
          </TabPanel>
          <TabPanel className="space-y-6 focus:outline-none">
            <div className="flex justify-end">
              <ComposeMessageButton />
            </div>
            <InboxPanel {...inbox} keepParams={{ tab: 'inbox' }} emptyText="What your beneficiaries and support team write to you will appear here." />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

type Composing = { key: number; message: TFutureMessage | null } | null;

/** Future Messages (the wireframe's screen): the owner's letters, Compose, Edit and Preview. */
function FutureMessagesTab() {
  const { messages: first, options } = useLoaderData<typeof loader>();
  const list = useLoadMore(first, 'all', (cursor) => futureMessagesApi.list(cursor));
  const messages = list.items;
  const listRef = useRef<HTMLUListElement>(null);
  const { counts } = first;
  const revalidator = useRevalidator();
  const [composing, setComposing] = useState<Composing>(null);
  const [lastKey, setLastKey] = useState(0);
  const [previewing, setPreviewing] = useState<TFutureMessage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (message: TFutureMessage | null) => {
    setNotice(null);
    setLastKey((k) => k + 1);
    setComposing({ key: lastKey + 1, message });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <p className="max-w-2xl text-base text-stone-600">
          Letters for the people you love, delivered on a date, on their birthday, or after your estate is activated.
        </p>
        <WhileEditable>
          <Button onClick={() => open(null)} className="shrink-0">
            <PlusIcon aria-hidden="true" className="size-5" />
            Compose Message
          </Button>
        </WhileEditable>
      </div>
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      <Card
        title="Future Messages"
        description={
          messages.length
            ? `${counts.scheduled} scheduled · ${counts.draft} ${counts.draft === 1 ? 'draft' : 'drafts'} · ${counts.delivered} delivered`
            : undefined
        }
      >
        {messages.length === 0 ? (
          <EmptyState
            icon={ChatBubbleLeftRightIcon}
            title="No future messages yet"
            description="Write a letter for a birthday, a graduation or a wedding day — or for after you are gone."
            action={
              <WhileEditable>
                <Button onClick={() => open(null)}>Compose Message</Button>
              </WhileEditable>
            }
          />
        ) : (
          <div className="space-y-4">
            <MessageList ref={listRef} messages={messages} onEdit={(m) => open(m)} onPreview={setPreviewing} />
            <LoadMoreFooter list={list} listRef={listRef} />
          </div>
        )}
      </Card>
      <ComposeDialog
        key={composing?.key ?? 'closed'}
        open={composing !== null}
        message={composing?.message ?? null}
        options={options}
        onClose={() => setComposing(null)}
        onSaved={(saved, what) => {
          // keep the pages loaded here in step: the message changed, or was deleted
          if (saved) list.replace(saved);
          else if (composing?.message) list.remove(composing.message.id);
          setComposing(null);
          setNotice(what);
          void revalidator.revalidate();
        }}
      />
      <PreviewDialog message={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
