import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { InboxPage, inboxShouldRevalidate, loadInbox } from '../../features/inbox/inbox-page.tsx';

export const shouldRevalidate = inboxShouldRevalidate;

export function loader({ request }: LoaderFunctionArgs) {
  return loadInbox(request);
}

/** Messages: conversations with the people who shared with you and their support team, and letters delivered to you. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <InboxPage
      {...data}
      description="Conversations with your loved ones and their support team, and the letters delivered to you."
      emptyText="Messages and letters for you will appear here."
    />
  );
}
