import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { EnvelopeOpenIcon } from '@heroicons/react/24/outline';
import { data, Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ZDemoMailListQuery } from '../../core/demo-mail.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { TextField } from '../components/ui/field.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { idParam } from '../lib/query-params.ts';
import { getSession } from '../lib/session.ts';
import { demoMailApi } from '../features/demo-mail/api.ts';
import { MailList } from '../features/demo-mail/mail-list.tsx';
import { MailText } from '../features/demo-mail/mail-text.tsx';
import { LoadMoreFooter } from '../components/ui/load-more-footer.tsx';
import { useLoadMore } from '../lib/use-load-more.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession();
  if (!session.demoMode) throw data('Not Found', { status: 404, statusText: 'Not Found' });
  const params = new URL(request.url).searchParams;
  const asked = (params.get('to') ?? '').trim();
  const to = ZDemoMailListQuery.shape.to.safeParse(asked || undefined);
  const id = idParam(params, 'id');
  const [page, mail] = await Promise.all([demoMailApi.list({ to: to.success ? to.data : undefined }), id ? demoMailApi.read(id) : null]);
  return { page, mail, to: asked, toError: to.success ? undefined : 'Enter a whole email address', systemName: session.systemName };
}

/** Demo mode's Mail: everything the platform sent, readable with its links, so a visitor can follow them. */
export function Component() {
  const { page, mail, to, toError, systemName } = useLoaderData<typeof loader>();
  const list = useLoadMore(page, to, (cursor) => demoMailApi.list({ to: toError ? undefined : to || undefined, cursor }));
  const hrefFor = (id: string) => `/mail?${new URLSearchParams({ ...(to ? { to } : {}), id }).toString()}`;
  const back = to ? `/mail?${new URLSearchParams({ to }).toString()}` : '/mail';

  return (
    <div className="min-h-full">
      <header className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-5 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-lg">
          <Logo name={systemName} />
        </Link>
        <Link to="/" className={buttonClasses('secondary', 'sm')}>
          Home
        </Link>
      </header>
      <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 pt-4 pb-16 sm:px-6 lg:px-8">
        <PageHeader
          title="Mail"
          description="Demo mode: every email the platform sent — invitations, reminders, alerts — kept here instead of being delivered, so you can open their links."
        />
        <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Filter mail by recipient">
          <div className="sm:w-96">
            <TextField label="Recipient" name="to" type="email" defaultValue={to} error={toError} placeholder="name@example.com" />
          </div>
          <div className="flex gap-3">
            <Button type="submit" variant="secondary">
              Filter
            </Button>
            {to && (
              <Link to="/mail" className={buttonClasses('ghost')}>
                Show all
              </Link>
            )}
          </div>
        </Form>
        <div className="grid items-start gap-8 lg:grid-cols-5">
          <div className={`min-w-0 lg:col-span-2 ${mail ? 'hidden lg:block' : ''}`}>
            <Card title={to && !toError ? `Mail to ${to}` : 'All mail'} description={`${list.items.length} shown${list.nextCursor ? ', more to load' : ''}`}>
              {list.items.length === 0 ? (
                <EmptyState icon={EnvelopeOpenIcon} title="No mail yet" description="Emails appear here as the platform sends them." />
              ) : (
                <div className="space-y-4">
                  <MailList mails={list.items} openId={mail?.id ?? null} hrefFor={hrefFor} />
                  <LoadMoreFooter list={list} />
                </div>
              )}
            </Card>
          </div>
          <div className="min-w-0 lg:col-span-3">
            {mail ? (
              <Card title={mail.subject} description={`To ${mail.to} · ${new Date(mail.createdAt).toLocaleString('en-GB')}`}>
                <Link to={back} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-stone-900 lg:hidden">
                  <ArrowLeftIcon aria-hidden="true" className="size-4" />
                  All mail
                </Link>
                <MailText mail={mail} />
              </Card>
            ) : (
              <div className="hidden lg:block">
                <Alert tone="info">Choose an email to read it.</Alert>
              </div>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}
