import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  MEMORIAL_AUDIENCES,
  MEMORIAL_BODY_MAX,
  MEMORIAL_WISHES_MAX,
  type MemorialAudience,
  type TMemorial,
  type TMemorialMessage,
  type TMemorialMessages,
} from '../../../core/memorial.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { useAction } from '../../lib/use-action.ts';
import { useCardData } from '../../lib/use-card-data.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { useUnsavedChangesWhile } from '../../lib/unsaved-changes.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { memorialApi } from './api.ts';

const AUDIENCE_HINTS: Record<MemorialAudience, string> = {
  family: 'They sign in to see it: beneficiaries and others with an account for this estate.',
  link: 'Whoever you give the link to. It is never listed anywhere nor shown by search engines.',
};

/** The answers that mean the memorial is not there for this viewer: the card renders nothing. */
const NOT_FOR_THIS_VIEWER = [404, 403];
const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** "Who may see it": the two audiences as cards with a hint each. */
function AudienceChoice({ value, onChange }: { value: MemorialAudience; onChange: (a: MemorialAudience) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-900">Who may see it</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {(Object.keys(MEMORIAL_AUDIENCES) as MemorialAudience[]).map((key) => (
          <label
            key={key}
            className="flex cursor-pointer items-start gap-3 rounded-lg p-4 ring-1 ring-stone-200 has-checked:bg-accent-soft has-checked:ring-2 has-checked:ring-accent-solid"
          >
            <input type="radio" name={name} value={key} checked={value === key} onChange={() => onChange(key)} className="mt-1 size-4 accent-accent-solid" />
            <span className="text-sm">
              <span className="block font-medium text-stone-900">{MEMORIAL_AUDIENCES[key]}</span>
              <span className="mt-0.5 block text-stone-600">{AUDIENCE_HINTS[key]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The words, wishes, donation link and photo: the owner drafts them; those who settle the estate review them. */
function DraftForm({ estateId, memorial, onSaved }: { estateId: string; memorial: TMemorial; onSaved: (m: TMemorial) => void }) {
  const saved = {
    body: memorial.body,
    wishes: memorial.wishes ?? '',
    donationUrl: memorial.donationUrl ?? '',
    photoMediaId: memorial.photo?.mediaId ?? '',
  };
  const [draft, setDraft] = useState(saved);
  const { busy, error, fields, run } = useAction();
  const [done, setDone] = useState(false);
  const changed = (Object.keys(saved) as (keyof typeof saved)[]).some((k) => draft[k] !== saved[k]);
  useUnsavedChangesWhile(changed);
  const set = (key: keyof typeof saved) => (e: { target: { value: string } }) => {
    setDone(false);
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    const ok = await run(async () => {
      const next = await memorialApi.save(estateId, {
        body: draft.body,
        wishes: draft.wishes,
        donationUrl: draft.donationUrl,
        photoMediaId: draft.photoMediaId || null,
      });
      setDraft({
        body: next.body,
        wishes: next.wishes ?? '',
        donationUrl: next.donationUrl ?? '',
        photoMediaId: next.photo?.mediaId ?? '',
      });
      onSaved(next);
    });
    setDone(ok);
  }

  const owner = memorial.mode === 'owner';
  // the chosen photo still shows as chosen when it is older than the newest photos offered
  const choices =
    memorial.photo && !memorial.photoChoices.some((c) => c.mediaId === memorial.photo!.mediaId)
      ? [{ mediaId: memorial.photo.mediaId, title: memorial.photo.title }, ...memorial.photoChoices]
      : memorial.photoChoices;
  return (
    <form noValidate onSubmit={(e) => void save(e)} className="space-y-5">
      <div aria-live="polite" className="empty:hidden">
        {error && <Alert tone="error">{error}</Alert>}
        {done && !error && <Alert tone="success">The memorial is saved.</Alert>}
      </div>
      <TextAreaField
        label={owner ? 'A few words about your life' : `A few words about ${memorial.ownerName}`}
        hint="Leave a blank line between paragraphs."
        rows={8}
        maxLength={MEMORIAL_BODY_MAX}
        value={draft.body}
        error={fields.body}
        onChange={set('body')}
      />
      <TextAreaField
        label="Funeral or remembrance wishes"
        optional
        hint={owner ? 'Flowers or not, music, where your ashes go, a gathering afterwards.' : undefined}
        rows={4}
        maxLength={MEMORIAL_WISHES_MAX}
        value={draft.wishes}
        error={fields.wishes}
        onChange={set('wishes')}
      />
      <TextField
        label="Donation link"
        optional
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="A charity’s page for gifts in memory, starting https://"
        value={draft.donationUrl}
        error={fields.donationUrl}
        onChange={set('donationUrl')}
      />
      <div className="flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <SelectField
            label="Photo"
            optional
            hint={
              owner
                ? choices.length === 0
                  ? 'Add a photo to your memories to choose it here.'
                  : 'From your memories’ photos. Everyone the memorial is shown to will see this photo, even if you shared its memory with nobody.'
                : choices.length === 0
                  ? `${memorial.ownerName} chose no photo for the memorial.`
                  : `The memorial can show only the photo ${memorial.ownerName} chose for it. You may remove it, and put it back.`
            }
            value={draft.photoMediaId}
            error={fields.photoMediaId}
            onChange={set('photoMediaId')}
          >
            <option value="">No photo</option>
            {choices.map((c) => (
              <option key={c.mediaId} value={c.mediaId}>
                {c.title}
              </option>
            ))}
          </SelectField>
        </div>
        {memorial.photo && draft.photoMediaId === memorial.photo.mediaId && (
          <img src={memorial.photo.url} alt={`The chosen photo: ${memorial.photo.title}`} className="h-28 w-28 rounded-lg object-cover ring-1 ring-stone-200" />
        )}
      </div>
      <Button type="submit" loading={busy} disabled={!changed}>
        {owner ? 'Save the memorial' : 'Save changes'}
      </Button>
    </form>
  );
}

/** The link of a published memorial, to copy and pass on. */
function MemorialLink({ path }: { path: string }) {
  const url = `${window.location.origin}${path}`;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const inputId = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-900">
        The memorial’s link
      </label>
      <div className="mt-1.5 flex flex-wrap gap-2">
        <input
          id={inputId}
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
          className="block min-w-0 flex-1 basis-64 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-900 ring-1 ring-stone-300 ring-inset"
        />
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy link
        </Button>
        <Link to={path} target="_blank" className={buttonClasses('secondary', 'sm')}>
          Open the page<span className="sr-only"> (in a new tab)</span>
        </Link>
      </div>
      <p aria-live="polite" className="mt-1.5 text-sm text-stone-600 empty:hidden">
        {copied === 'yes' ? 'Link copied.' : copied === 'failed' ? 'The link could not be copied: select it and copy it yourself.' : ''}
      </p>
    </div>
  );
}

/** Publishing: to whom, and taking it down. */
function PublishSection({ estateId, memorial, onChanged }: { estateId: string; memorial: TMemorial; onChanged: (m: TMemorial) => void }) {
  const [audience, setAudience] = useState<MemorialAudience>(memorial.audience ?? 'family');
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const [confirmNewLink, setConfirmNewLink] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const published = memorial.status === 'published';

  async function act(work: () => Promise<TMemorial>, text: string) {
    setDone(null);
    await run(async () => {
      onChanged(await work());
      setDone(text);
    });
  }
  const publish = () =>
    void act(() => memorialApi.publish(estateId, audience), published ? `Now seen by: ${MEMORIAL_AUDIENCES[audience].toLowerCase()}.` : 'The memorial is published.');
  const unpublish = () => {
    setConfirmUnpublish(false);
    void act(() => memorialApi.unpublish(estateId), 'The memorial is unpublished: nobody can see it now.');
  };
  const newLink = () => {
    setConfirmNewLink(false);
    void act(
      () => memorialApi.newLink(estateId),
      published ? 'The memorial has a new link: the old one leads nowhere now. Give the new one to those who should see it.' : 'The memorial has a new link: the old one will lead nowhere, even once it is published again.',
    );
  };

  return (
    <section aria-labelledby={`${estateId}-memorial-publish`} className="space-y-4 border-t border-stone-100 pt-5">
      <h3 id={`${estateId}-memorial-publish`} className="text-sm font-semibold text-stone-900">
        Publishing
      </h3>
      <p className="text-sm text-stone-700">
        {published && memorial.published ? (
          <>
            Published by {memorial.published.byName} on <time dateTime={memorial.published.at}>{formatDate(memorial.published.at)}</time>, seen by:{' '}
            <strong>{MEMORIAL_AUDIENCES[memorial.audience ?? 'family'].toLowerCase()}</strong>.
          </>
        ) : (
          'Not published: only those who settle the estate can see it.'
        )}
      </p>
      <div aria-live="polite" className="empty:hidden">
        {error && <Alert tone="error">{error}</Alert>}
        {done && !error && <Alert tone="success">{done}</Alert>}
      </div>
      <AudienceChoice value={audience} onChange={setAudience} />
      <div className="flex flex-wrap gap-2">
        {published ? (
          <>
            <Button variant="secondary" loading={busy && !confirmUnpublish && !confirmNewLink} disabled={busy || audience === memorial.audience} onClick={publish}>
              Change who may see it
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => setConfirmUnpublish(true)}>
              Unpublish
            </Button>
          </>
        ) : (
          <Button loading={busy} disabled={!memorial.body.trim()} onClick={publish}>
            Publish
          </Button>
        )}
      </div>
      {!published && !memorial.body.trim() && <p className="text-sm text-stone-600">Write a few words and save them before publishing.</p>}
      {published && memorial.path && <MemorialLink path={memorial.path} />}
      {memorial.path && (
        <div className="space-y-2">
          <p className="text-sm text-stone-600">
            {published ? 'If the link has reached someone it should not have, make a new one: the old link stops working at once.' : 'Published again, the memorial is at the same link as before, unless you make a new one: the old link then leads nowhere.'}
          </p>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirmNewLink(true)}>
            Make a new link
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmUnpublish}
        title="Unpublish the memorial?"
        description="Nobody can see it until you publish it again. Its words and the guestbook are kept."
        confirmLabel="Unpublish"
        busy={busy}
        onClose={() => setConfirmUnpublish(false)}
        onConfirm={unpublish}
      />
      <ConfirmDialog
        open={confirmNewLink}
        title="Make a new link?"
        description="The old link stops working at once: anyone who opens it finds nothing. You will need to give the new link to those who should still see the memorial."
        confirmLabel="Make a new link"
        busy={busy}
        onClose={() => setConfirmNewLink(false)}
        onConfirm={newLink}
      />
    </section>
  );
}

/** Guestbook messages waiting for approval: shown on the page only once approved. */
function GuestbookReview({ estateId, memorial, onReviewed }: { estateId: string; memorial: TMemorial; onReviewed: () => Promise<void> }) {
  const [first, setFirst] = useState<TMemorialMessages | null>(null);
  const { busyId, notice, act } = useRowAction(onReviewed);
  const [loadError, setLoadError] = useState<string | null>(null);
  const list = useLoadMore(first ?? { items: [], nextCursor: null }, estateId, (cursor) => memorialApi.messages(estateId, 'pending', cursor));
  const listRef = useRef<HTMLUListElement>(null);
  const headingId = useId();

  const load = useCallback(async () => {
    try {
      setFirst(await memorialApi.messages(estateId, 'pending'));
    } catch (e) {
      setLoadError(errorText(e, 'The guestbook could not be loaded.'));
    }
  }, [estateId]);
  // loads again when the count the card shows changes (a new message, one reviewed)
  useEffect(() => {
    void load();
  }, [load, memorial.pending]);

  const review = (message: TMemorialMessage, verb: 'approve' | 'reject') =>
    act(message.id, async () => {
      await (verb === 'approve' ? memorialApi.approve(estateId, message.id) : memorialApi.reject(estateId, message.id));
      list.remove(message.id);
      setFirst((f) => f && { ...f, items: f.items.filter((m) => m.id !== message.id) });
      return verb === 'approve'
        ? `The message from ${message.authorName} is approved: it shows on the memorial.`
        : `The message from ${message.authorName} is rejected: it will not show.`;
    });

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-stone-100 pt-5">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        Guestbook
      </h3>
      <p className="text-sm text-stone-700">
        {memorial.pending === 0 ? 'No message is waiting for approval.' : `${memorial.pending} ${memorial.pending === 1 ? 'message is' : 'messages are'} waiting for approval.`}{' '}
        Messages show on the memorial only once approved.
      </p>
      <div aria-live="polite" className="empty:hidden">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : loadError && <Alert tone="error">{loadError}</Alert>}
      </div>
      {list.items.length > 0 && (
        <ul ref={listRef} className="divide-y divide-stone-100">
          {list.items.map((m) => (
            <li key={m.id} className="py-3 first:pt-0 last:pb-0">
              <p className="text-sm text-stone-600">
                <span id={`memorial-message-${m.id}`} className="font-medium text-stone-900">
                  {m.authorName}
                </span>
                , <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-800">{m.body}</p>
              <div className="mt-2 flex flex-wrap gap-2" role="group" aria-labelledby={`memorial-message-${m.id}`}>
                <Button
                  size="sm"
                  loading={busyId === m.id}
                  disabled={busyId !== null}
                  onClick={() => void review(m, 'approve')}
                  aria-label={`Approve the message from ${m.authorName}`}
                >
                  Approve
                </Button>
                <Button size="sm" variant="secondary" disabled={busyId !== null} onClick={() => void review(m, 'reject')} aria-label={`Reject the message from ${m.authorName}`}>
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreFooter list={list} listRef={listRef} />
    </section>
  );
}

/**
 * The memorial page (issue 28 item 5): the owner drafts it while planning; after activation the
 * executor, deputy and estate administrator review it, publish it (to family with an account, or
 * to anyone with its unlisted link), approve the guestbook and can unpublish it; a beneficiary
 * following the estate gets its link once published. Renders nothing when the server says it is
 * not there for this viewer (404, 403).
 */
export function MemorialCard({ estateId }: { estateId: string }) {
  const { data: memorial, setData: setMemorial, failed, reload } = useCardData(
    useCallback(() => memorialApi.get(estateId), [estateId]),
    NOT_FOR_THIS_VIEWER,
  );

  if (!memorial) return failed ? <Alert tone="error">{failed}</Alert> : null;
  const { mode } = memorial;

  if (mode === 'read') {
    if (memorial.status !== 'published' || !memorial.path) return null;
    return (
      <Card title="Memorial">
        <p className="text-sm text-stone-700">
          A memorial page for {memorial.ownerName}.{' '}
          <Link to={memorial.path} className="font-semibold text-accent-text underline">
            Open the memorial
          </Link>
        </p>
      </Card>
    );
  }

  const description =
    mode === 'owner'
      ? 'A few words, a photo, your wishes for the funeral or remembrance, and where people may give in your memory. Nothing is published by itself: after your passing, your executor reviews it and decides whether to publish it and who may see it.'
      : memorial.status === 'published'
        ? `${memorial.ownerName}’s memorial is published. Change its words or who may see it, approve the guestbook’s messages, or unpublish it at any time.`
        : `${memorial.ownerName}’s memorial: review the words, publish it and choose who may see it, and approve the guestbook’s messages. Nothing shows until it is published.`;
  return (
    <Card title={mode === 'owner' ? 'Your memorial' : 'Memorial'} description={description}>
      <div className="space-y-6">
        {failed && <Alert tone="error">{failed}</Alert>}
        <DraftForm estateId={estateId} memorial={memorial} onSaved={setMemorial} />
        {mode === 'work' && (
          <>
            <PublishSection estateId={estateId} memorial={memorial} onChanged={setMemorial} />
            <GuestbookReview estateId={estateId} memorial={memorial} onReviewed={reload} />
          </>
        )}
      </div>
    </Card>
  );
}
