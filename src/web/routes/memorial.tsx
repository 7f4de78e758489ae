import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { GUESTBOOK_MESSAGE_MAX, GUESTBOOK_NAME_MAX, GUESTBOOK_THANKS, type TMemorialPage } from '../../core/memorial.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { DocumentTitle } from '../components/ui/document-title.tsx';
import { TextAreaField, TextField } from '../components/ui/field.tsx';
import { LoadMoreFooter } from '../components/ui/load-more-footer.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { memorialPageApi } from '../features/memorial/api.ts';
import { ApiError } from '../lib/api.ts';
import { formatDate } from '../lib/dates.ts';
import { getSession, signInHref } from '../lib/session.ts';
import { useAction } from '../lib/use-action.ts';
import { useLoadMore } from '../lib/use-load-more.ts';

type Loaded = { kind: 'page'; page: TMemorialPage; userName: string | null } | { kind: 'unavailable'; signedIn: boolean } | { kind: 'error'; message: string };

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function Guestbook({ token, page }: { token: string; page: TMemorialPage }) {
  const list = useLoadMore({ items: page.messages, nextCursor: page.nextCursor }, token, async (cursor) => {
    const next = await memorialPageApi.get(token, cursor);
    return { items: next.messages, nextCursor: next.nextCursor };
  });
  const listRef = useRef<HTMLOListElement>(null);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        Guestbook
      </h2>
      {list.items.length === 0 ? (
        <p className="mt-3 text-stone-700">No message yet.</p>
      ) : (
        <ol ref={listRef} className="mt-4 space-y-4">
          {list.items.map((m) => (
            <li key={m.id} tabIndex={-1} className="rounded-lg bg-white p-4 ring-1 ring-stone-200 break-inside-avoid print:ring-stone-300">
              <p className="text-sm text-stone-600">
                <span className="font-semibold text-stone-900">{m.authorName}</span>, <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>
              </p>
              <p className="mt-2 break-words whitespace-pre-line text-stone-800">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 print:hidden">
        <LoadMoreFooter list={list} listRef={listRef} />
      </div>
    </section>
  );
}

function GuestbookForm({ token, ownerName, userName }: { token: string; ownerName: string; userName: string | null }) {
  const [name, setName] = useState(userName ?? '');
  const [message, setMessage] = useState('');
  const [thanks, setThanks] = useState<string | null>(null);
  const { busy, error, fields, setFields, run } = useAction();
  const headingId = useId();

  async function send(e: FormEvent) {
    e.preventDefault();
    setThanks(null);
    setFields({});
    await run(async () => {
      const answer = await memorialPageApi.sign(token, { name, message });
      setMessage('');
      setThanks(answer.message || GUESTBOOK_THANKS);
    });
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-xl bg-white px-5 py-6 shadow-xs ring-1 ring-stone-200 sm:px-8 print:hidden">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        Leave a message
      </h2>
      <p className="mt-1 text-sm text-stone-600">A memory of {ownerName}, or a few words for the family. It shows here once the family has seen it.</p>
      <form noValidate onSubmit={(e) => void send(e)} className="mt-5 space-y-4">
        <div aria-live="polite" className="empty:hidden">
          {thanks && <Alert tone="success">{thanks}</Alert>}
          {error && !thanks && <Alert tone="error">{error}</Alert>}
        </div>
        <TextField label="Your name" autoComplete="name" maxLength={GUESTBOOK_NAME_MAX} value={name} error={fields.name} onChange={(e) => setName(e.target.value)} />
        <TextAreaField label="Your message" rows={5} maxLength={GUESTBOOK_MESSAGE_MAX} value={message} error={fields.message} onChange={(e) => setMessage(e.target.value)} />
        <Button type="submit" loading={busy}>
          Send message
        </Button>
      </form>
    </section>
  );
}

function Memorial({ token, page, userName }: { token: string; page: TMemorialPage; userName: string | null }) {
  const name = page.ownerName;
  return (
    <div className="min-h-full px-4 py-8 sm:px-6 sm:py-12 print:p-0">
      <DocumentTitle title={`In memory of ${name}`} />
      <header className="mx-auto flex max-w-2xl items-center justify-between gap-4 print:hidden">
        <Link to="/" className="rounded-lg">
          <Logo />
        </Link>
        <Button variant="secondary" size="sm" onClick={() => window.print()}>
          Print
        </Button>
      </header>
      <main id="main" className="mx-auto mt-8 max-w-2xl print:mt-0 print:max-w-none">
        <article aria-labelledby="memorial-name" className="rounded-xl bg-white px-5 py-8 shadow-xs ring-1 ring-stone-200 sm:px-10 print:px-0 print:py-0 print:shadow-none print:ring-0">
          {page.photoUrl && (
            <img
              src={page.photoUrl}
              alt={page.photoTitle ?? `Photo of ${name}`}
              className="mx-auto mb-6 max-h-[28rem] w-auto max-w-full rounded-lg object-contain print:max-h-[12cm]"
            />
          )}
          <div className="text-center">
            <p className="text-sm tracking-wide text-stone-600 uppercase">In memory of</p>
            <h1 id="memorial-name" className="mt-1 text-3xl font-semibold tracking-tight break-words text-stone-900 sm:text-4xl">
              {name}
            </h1>
            {page.lifespan && <p className="mt-2 text-lg text-stone-700">{page.lifespan}</p>}
          </div>
          <div className="mt-8 space-y-4 text-lg leading-relaxed text-stone-800">
            {paragraphs(page.body).map((p, i) => (
              <p key={i} className="break-words whitespace-pre-line">
                {p}
              </p>
            ))}
          </div>
          {page.wishes && (
            <section aria-labelledby="memorial-wishes" className="mt-8 break-inside-avoid">
              <h2 id="memorial-wishes" className="text-xl font-semibold text-stone-900">
                Remembrance wishes
              </h2>
              <div className="mt-3 space-y-3 text-stone-800">
                {paragraphs(page.wishes).map((p, i) => (
                  <p key={i} className="break-words whitespace-pre-line">
                    {p}
                  </p>
                ))}
              </div>
            </section>
          )}
          {page.donationUrl && (
            <section aria-labelledby="memorial-donation" className="mt-8 break-inside-avoid">
              <h2 id="memorial-donation" className="text-xl font-semibold text-stone-900">
                Giving in memory
              </h2>
              <p className="mt-3 text-stone-800">
                If you wish to give in memory of {name}:{' '}
                <a href={page.donationUrl} target="_blank" rel="noopener noreferrer" className="font-semibold break-all text-accent-text underline">
                  {page.donationUrl}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            </section>
          )}
        </article>
        <Guestbook token={token} page={page} />
        <GuestbookForm token={token} ownerName={name} userName={userName} />
      </main>
    </div>
  );
}

/**
 * A published memorial's unlisted page (issue 28 item 5): open to anyone with the link, or to
 * signed-in family for a family memorial. Never indexed (the server's X-Robots-Tag and robots meta in
 * the page's first HTML, robots.txt; ADR 0107); readable on a phone; printable without
 * its buttons and form. Words and guestbook messages are shown as text, never as markup.
 */
export function Component() {
  const { token = '' } = useParams();
  const location = useLocation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    void (async () => {
      const session = await getSession();
      let next: Loaded;
      try {
        next = { kind: 'page', page: await memorialPageApi.get(token), userName: session.user?.name ?? null };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 401 || error.status === 403)) next = { kind: 'unavailable', signedIn: !!session.user };
        else next = { kind: 'error', message: error instanceof ApiError ? error.message : 'The memorial could not be loaded.' };
      }
      if (live) setLoaded(next);
    })();
    return () => {
      live = false;
    };
  }, [token]);

  if (!loaded)
    return (
      <div role="status" className="flex min-h-full items-center justify-center text-stone-500">
        <Spinner className="size-8" />
        <span className="sr-only">Loading…</span>
      </div>
    );
  if (loaded.kind === 'page') return <Memorial token={token} page={loaded.page} userName={loaded.userName} />;
  if (loaded.kind === 'error')
    return (
      <CenteredPage title="The memorial could not be loaded">
        <Alert tone="error">{loaded.message}</Alert>
      </CenteredPage>
    );
  return (
    <CenteredPage title="This page is not available" description="The memorial may have been taken down, or it is shown only to family members.">
      {!loaded.signedIn && (
        <div className="space-y-4">
          <p className="text-stone-700">If you are family, sign in to see it.</p>
          <Link to={signInHref(location.pathname)} className={buttonClasses('primary', 'md', 'w-full')}>
            Sign in
          </Link>
        </div>
      )}
    </CenteredPage>
  );
}
