import { ChatBubbleLeftRightIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { futureMessagesApi } from '../../features/future-messages/api.ts';
import { ComposeDialog } from '../../features/future-messages/compose-dialog.tsx';
import { MessageList } from '../../features/future-messages/message-list.tsx';
import { PreviewDialog } from '../../features/future-messages/preview-dialog.tsx';

export async function loader() {
  const [list, options] = await Promise.all([futureMessagesApi.list(), futureMessagesApi.options()]);
  return { messages: list.items, options };
}

type Composing = { key: number; message: TFutureMessage | null } | null;

/** Future Messages: letters delivered to beneficiaries on a date, on their birthday, or after activation. */
export function Component() {
  const { messages, options } = useLoaderData<typeof loader>();
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

  const counts = {
    scheduled: messages.filter((m) => m.status === 'scheduled').length,
    draft: messages.filter((m) => m.status === 'draft').length,
    delivered: messages.filter((m) => m.status === 'delivered').length,
  };

  return (
    <div className="space-y-8">
      <PageHeader
        title="Future Messages"
        description="Letters for the people you love, delivered on a date, on their birthday, or after your estate is activated."
        actions={
          <Button onClick={() => open(null)}>
            <PlusIcon aria-hidden="true" className="size-5" />
            Compose Message
          </Button>
        }
      />
      {notice && <Alert tone="success">{notice}</Alert>}
      <Card
        title="Your messages"
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
            action={<Button onClick={() => open(null)}>Compose Message</Button>}
          />
        ) : (
          <MessageList messages={messages} onEdit={(m) => open(m)} onPreview={setPreviewing} />
        )}
      </Card>
      <ComposeDialog
        key={composing?.key ?? 'closed'}
        open={composing !== null}
        message={composing?.message ?? null}
        options={options}
        onClose={() => setComposing(null)}
        onSaved={(_saved, what) => {
          setComposing(null);
          setNotice(what);
          void revalidator.revalidate();
        }}
      />
      <PreviewDialog message={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
