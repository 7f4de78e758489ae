import { useEffect, useState, type FormEvent } from 'react';
import { ZReplyRequest, type TThread } from '../../../core/inbox.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { inboxApi } from './api.ts';

/**
 * A conversation, oldest first. Opening it is reading it: its messages to you are marked read.
 * Reply sends to the other side while they can still receive messages.
 */
export function ThreadDialog({ threadId, onClose, onChanged }: { threadId: string | null; onClose: () => void; onChanged: () => void }) {
  const [thread, setThread] = useState<TThread | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replyError, setReplyError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [shownId, setShownId] = useState<string | null>(null);
  // A newly opened thread starts fresh; closing keeps the last one on screen while the dialog leaves.
  if (threadId && threadId !== shownId) {
    setShownId(threadId);
    setThread(null);
    setError(null);
    setReplyError(undefined);
  }

  useEffect(() => {
    if (!threadId) return;
    let live = true;
    inboxApi.markRead(threadId).then(
      (t) => {
        if (!live) return;
        setThread(t);
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
      setThread(await inboxApi.reply(threadId, parsed.data.body));
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
      {thread && (
        <div className="space-y-6">
          <ol className="space-y-4" aria-label="Messages in this conversation">
            {thread.messages.map((m) => (
              <li key={m.id} className={`flex ${m.fromMe ? 'justify-end' : 'justify-start'}`}>
                <article className={`max-w-[85%] rounded-xl px-4 py-3 ring-1 ${m.fromMe ? 'bg-accent-soft ring-accent-ring' : 'bg-stone-50 ring-stone-200'}`}>
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
