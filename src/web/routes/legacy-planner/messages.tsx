import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { InboxPage, inboxShouldRevalidate, loadInbox } from '../../features/inbox/inbox-page.tsx';

export const shouldRevalidate = inboxShouldRevalidate;

export function loader({ request }: LoaderFunctionArgs) {
  return loadInbox(request);
}

/** Messages: conversations with your loved ones (and their families), with a 'New' badge on unread ones. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <InboxPage
      {...data}
      unreadMark="badge"
      description="Conversations with your loved ones and their families. Unread messages are marked New."
      emptyText="When a loved one or their family writes to you, the conversation appears here."
      composeWords={{
        description: 'Write to one of your loved ones, or to Heirloom Support.',
        emptyText: 'There is nobody you can write to yet. Once a loved one accepts your invitation or adds you to their support team, you can write to them here.',
      }}
    />
  );
}
