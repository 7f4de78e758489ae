import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ZReplyRequest, type TThread, type TThreadMessage } from '../../../core/inbox.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { inboxApi } from './api.ts';

/** Messages of the pages loaded so far, each once, oldest first (by time, then id — the server's order). */
function merged(a: TThreadMessage[], b: TThreadMessage[]): TThreadMessage[] {
  const byId = new Map([...a, ...b].map((m) => [m.id, m] as const));
  return [...byId.values()].sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id));
}

interface Shown {
  messages: TThreadMessage[];
  earlierCursor: string | null;
  /** once earlier pages are loaded, their cursor is the one to go on from */
  loadedEarlier: boolean;
}

/** Takes in a thread answer (open, reply): its newest page joins what is already shown. */
function withPage(shown: Shown | null, thread: TThread): Shown {
  if (!shown) return { messages: thread.messages, earlierCursor: thread.earlierCursor, loadedEarlier: false };
  return {
    messages: merged(shown.messages, thread.messages),
    earlierCursor: shown.loadedEarlier ? shown.earlierCursor : thread.earlierCursor,
    loadedEarlier: shown.loadedEarlier,
  };
}

/**
 * A conversation, oldest first: its newest page, and "Load earlier messages" above it while there
 * are more (focus moves to the first message it brought). Opening it is reading it: its messages to
 * you are marked read. Reply sends to the other side while they can still receive messages.
 */
export function ThreadDialog({ threadId, onClose, onChanged }: { threadId: string | null; onClose: () => void; onChanged: () => void }) {
  const [thread, setThread] = useState<TThread | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replyError, setReplyError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [shownId, setShownId] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [earlier, setEarlier] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const listRef = useRef<HTMLOListElement>(null);
  // A newly opened thread starts fresh; closing keeps the last one on screen while the dialog leaves.
  if (threadId && threadId !== shownId) {
    setShownId(threadId);
    setThread(null);
    setShown(null);
    setEarlier({ loading: false, error: null });
    setError(null);
    setReplyError(undefined);
  }
  const show = (t: TThread) => {
    setThread(t);
    setShown((s) => withPage(s, t));
  };

  async function loadEarlier() {
    if (!threadId || !shown?.earlierCursor) return;
    setEarlier({ loading: true, error: null });
    try {
      const page = await inboxApi.thread(threadId, shown.earlierCursor);
      const fresh = page.messages.filter((m) => !shown.messages.some((x) => x.id === m.id));
      setShown({ messages: merged(page.messages, shown.messages), earlierCursor: page.earlierCursor, loadedEarlier: true });
      setEarlier({ loading: false, error: null });
      // The first message it brought, once drawn: reading goes on from the top of what was added.
      const firstNew = fresh[0]?.id;
      if (firstNew) requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-message-id="${firstNew}"]`)?.focus());
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setEarlier({ loading: false, error: e.message });
    }
  }

  useEffect(() => {
    if (!threadId) return;
    let live = true;
    inboxApi.markRead(threadId).then(
      (t) => {
        if (!live) return;
        show(t);
        onChanged();
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof ApiError && e.status === 404 ? 'This conversation is not available to you.' : e instanceof ApiError ? e.message : 'The conversation could not be loaded.');
      },
    );
    return () => {
      live = false;
    };
    // onChanged is a fresh function each render; reading happens once per opened thread.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [threadId]);

  async function reply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!threadId) return;
    const parsed = ZReplyRequest.safeParse({ body: String(new FormData(event.currentTarget).get('body') ?? '') });
    if (!parsed.success) {
      setReplyError('Write your reply first');
      return;
    }
    setSending(true);
    setReplyError(undefined);
    try {
      show(await inboxApi.reply(threadId, parsed.data.body));
      setFormKey((k) => k + 1);
      onChanged();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setReplyError(e.fields?.body ?? e.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={threadId !== null}
      onClose={onClose}
      size="lg"
      title={thread?.subject ?? (error ? 'Conversation unavailable' : 'Loading conversation…')}
      description={thread ? <>With {thread.counterpart.name}{thread.counterpart.roleLabel ? ` · ${thread.counterpart.roleLabel}` : ''}</> : undefined}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {!thread && !error && (
        <div role="status" className="flex justify-center py-10 text-stone-500">
          <Spinner className="size-6" />
          <span className="sr-only">Loading…</span>
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {thread && shown && (
        <div className="space-y-6">
          {shown.earlierCursor && (
            <div className="flex justify-center">
              <Button variant="secondary" size="sm" loading={earlier.loading} onClick={() => void loadEarlier()}>
                Load earlier messages
              </Button>
            </div>
          )}
          {earlier.error && <Alert tone="error">{earlier.error}</Alert>}
          <ol ref={listRef} className="space-y-4" aria-label="Messages in this conversation">
            {shown.messages.map((m) => (
              <li key={m.id} className={`flex ${m.fromMe ? 'justify-end' : 'justify-start'}`}>
                <article
                  data-message-id={m.id}
                  tabIndex={-1}
                  className={`max-w-[85%] rounded-xl px-4 py-3 ring-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring ${m.fromMe ? 'bg-accent-soft ring-accent-ring' : 'bg-stone-50 ring-stone-200'}`}
                >
                  <p className="text-sm font-semibold text-stone-900">{m.fromMe ? 'You' : m.senderName}</p>
                  <p className="mt-1 whitespace-pre-line text-stone-800">{m.body}</p>
                  <p className="mt-2 text-xs text-stone-600">
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  </p>
                </article>
              </li>
            ))}
          </ol>
          {thread.canReply ? (
            <form key={formKey} noValidate onSubmit={(e) => void reply(e)} className="space-y-3 border-t border-stone-100 pt-4" aria-label="Reply">
              <TextAreaField label="Your reply" name="body" rows={3} maxLength={10_000} error={replyError} />
              <div className="flex justify-end">
                <Button type="submit" loading={sending}>
                  Send Reply
                </Button>
              </div>
            </form>
          ) : (
            <Alert tone="info">This conversation can no longer be replied to. You can write to the support team with Compose Message.</Alert>
          )}
        </div>
      )}
    </Dialog>
  );
}
