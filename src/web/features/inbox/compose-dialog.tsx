import { useState, type FormEvent } from 'react';
import { ZComposeMessageRequest, type TContact, type TContactList, type TThread } from '../../../core/inbox.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
import { inboxApi } from './api.ts';

const keyOf = (c: TContact) => `${c.estateId}:${c.userId}`;

const BENEFICIARY_WORDS = {
  description: 'Write to the person who shared with you, or to their support team.',
  emptyText: 'There is nobody you can write to yet. Once someone names you as a beneficiary, you can write to them and to their support team here.',
};

/** Compose Message: to one of the caller's contacts (for a beneficiary: the owner while they can receive it, or their support team). */
export function ComposeDialog({
  open,
  contacts: firstContacts,
  more = false,
  onClose,
  onSent,
  words = BENEFICIARY_WORDS,
}: {
  open: boolean;
  contacts: TContact[];
  /** the server left contacts out (its page size): a name search finds them */
  more?: boolean;
  onClose: () => void;
  onSent: (t: TThread) => void;
  /** the persona's own words under the title, and when there is nobody to write to */
  words?: { description: string; emptyText: string };
}) {
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [found, setFound] = useState<TContactList | null>(null);
  const [finding, setFinding] = useState(false);
  const contacts = found?.items ?? firstContacts;
  const searchable = more || found !== null;
  const severalEstates = new Set(contacts.map((c) => c.estateId)).size > 1;

  /** Find a person: the contacts whose name holds the words, from the server (the list is bounded). */
  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('find') ?? '').trim();
    setFinding(true);
    try {
      setFound(q ? await inboxApi.contacts(q) : null);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    } finally {
      setFinding(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const contact = contacts.find((c) => keyOf(c) === String(form.get('to') ?? ''));
    const parsed = ZComposeMessageRequest.safeParse({
      estateId: contact ? contact.estateId : '',
      recipientUserId: contact?.userId ?? '',
      subject: String(form.get('subject') ?? ''),
      body: String(form.get('body') ?? ''),
    });
    if (!parsed.success) {
      const f = fieldErrorsFromIssues(parsed.error.issues);
      if (f.estateId || f.recipientUserId) f.to = 'Choose who to write to';
      setFields(f);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const thread = await inboxApi.compose(parsed.data);
      setFields({});
      onSent(thread);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const f = { ...(e.fields ?? {}) };
      if (f.recipientUserId) f.to = f.recipientUserId;
      setFields(f);
      setError(e.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Compose Message" description={words.description}>
      {searchable && (
        <form noValidate onSubmit={(e) => void find(e)} className="mb-5 flex items-end gap-3" aria-label="Find a person" role="search">
          <div className="flex-1">
            <TextField label="Find a person" name="find" hint="Type part of a name" autoComplete="off" />
          </div>
          <Button type="submit" variant="secondary" loading={finding}>
            Find
          </Button>
        </form>
      )}
      {contacts.length === 0 && !found ? (
        <Alert tone="info">{words.emptyText}</Alert>
      ) : contacts.length === 0 ? (
        <Alert tone="info">Nobody you can write to has that name.</Alert>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Compose message">
          {error && <Alert tone="error">{error}</Alert>}
          <SelectField key={contacts.map(keyOf).join()} label="To" name="to" defaultValue="" error={fields.to} hint={(found ?? { more }).more ? 'Only the first people are listed: find a person by name above.' : undefined}>
            <option value="" disabled>
              Choose a person
            </option>
            {contacts.map((c) => (
              <option key={keyOf(c)} value={keyOf(c)}>
                {c.name} — {c.roleLabel}
                {severalEstates && c.roleLabel !== 'Estate Owner' ? ` (${c.ownerName})` : ''}
              </option>
            ))}
          </SelectField>
          <TextField label="Subject" name="subject" maxLength={200} error={fields.subject} autoComplete="off" />
          <TextAreaField label="Message" name="body" rows={6} maxLength={10_000} error={fields.body} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Send Message
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
