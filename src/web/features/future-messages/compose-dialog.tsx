import { sealedUntilKits } from '../../../core/seal/seal-words.ts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LockClosedIcon } from '@heroicons/react/24/outline';
import { openText, sealText } from '../../../core/seal/sealed-content.ts';
import { useOwnerKey } from '../../components/seal/use-owner-key.tsx';
import { ownerKeyFor } from '../../lib/owner-key.ts';
import type { DeliveryRule } from '../../../core/delivery-rules.ts';
import { deliveryInWords } from '../../../core/delivery-words.ts';
import {
  FUTURE_MESSAGE_BODY_MAX,
  ZSaveFutureMessageRequest,
  type TFutureMessage,
  type TFutureMessageOptions,
  type TSaveFutureMessageRequest,
} from '../../../core/future-messages.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes.ts';
import { futureMessagesApi } from './api.ts';

const RULES: { value: DeliveryRule; label: string; hint: string }[] = [
  { value: 'on_date', label: 'On a date', hint: 'Delivered at 9:00 on the day you choose.' },
  { value: 'next_birthday', label: 'On their next birthday', hint: 'Delivered at 9:00 on the recipient’s next birthday.' },
  { value: 'after_activation', label: 'After the estate is activated', hint: 'Delivered a number of days after your estate is activated.' },
];

const DEFAULT_DAYS = 30;

interface FormState {
  recipientId: string;
  subject: string;
  body: string;
  deliveryRule: DeliveryRule;
  deliverOn: string;
  daysAfterActivation: string;
  recipientDateOfBirth: string;
  memoryIds: string[];
  documentIds: string[];
  /** sealed to the estate's seal in this browser before it is sent */
  sealed: boolean;
  /** false while a sealed letter's words have not been opened with the Owner Kit */
  opened: boolean;
}

function initialState(message: TFutureMessage | null, options: TFutureMessageOptions): FormState {
  return {
    // a message whose recipient was removed starts with none chosen
    recipientId: message ? (message.recipient?.id ?? '') : (options.recipients.find((r) => r.messagesAccess)?.id ?? ''),
    subject: message?.subject ?? '',
    body: message?.sealed ? '' : (message?.body ?? ''),
    deliveryRule: message?.deliveryRule ?? 'on_date',
    deliverOn: message?.deliverOn ?? '',
    daysAfterActivation: String(message?.daysAfterActivation ?? DEFAULT_DAYS),
    recipientDateOfBirth: '',
    memoryIds: message?.memoryIds ?? [],
    documentIds: message?.documentIds ?? [],
    sealed: message?.sealed ?? false,
    opened: !message?.sealed,
  };
}

function toRequest(form: FormState, status: 'draft' | 'scheduled', needsBirthday: boolean): TSaveFutureMessageRequest {
  const days = form.daysAfterActivation.trim() === '' ? null : Number(form.daysAfterActivation);
  return {
    recipientId: form.recipientId,
    subject: form.subject,
    body: form.body,
    deliveryRule: form.deliveryRule,
    deliverOn: form.deliveryRule === 'on_date' ? form.deliverOn || null : null,
    daysAfterActivation: form.deliveryRule === 'after_activation' ? days : null,
    ...(needsBirthday && form.recipientDateOfBirth ? { recipientDateOfBirth: form.recipientDateOfBirth } : {}),
    memoryIds: form.memoryIds,
    documentIds: form.documentIds,
    status,
  };
}

function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return d.toISOString().slice(0, 10);
}

function Picker({
  legend,
  empty,
  items,
  selected,
  onChange,
  error,
}: {
  legend: string;
  empty: string;
  items: { id: string; label: string; detail: string }[];
  selected: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-900">
        {legend} <span className="font-normal text-stone-500">(optional)</span>
      </legend>
      {items.length === 0 ? (
        <p className="mt-1.5 text-sm text-stone-600">{empty}</p>
      ) : (
        <div className="mt-1.5 max-h-44 space-y-1 overflow-y-auto rounded-lg p-2 ring-1 ring-stone-200">
          {items.map((item) => (
            <label key={item.id} className="flex cursor-pointer items-start gap-3 rounded-md px-2 py-1.5 hover:bg-stone-50">
              <input
                type="checkbox"
                className="mt-1 size-4 rounded border-stone-300 accent-accent-solid"
                checked={selected.includes(item.id)}
                onChange={(e) => onChange(e.target.checked ? [...selected, item.id] : selected.filter((id) => id !== item.id))}
              />
              <span className="min-w-0 text-sm">
                <span className="block font-medium text-stone-900">{item.label}</span>
                <span className="block text-stone-500">{item.detail}</span>
              </span>
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const DOCUMENT_TYPE_WORDS: Record<string, string> = { legal: 'Legal document', financial: 'Financial record', personal: 'Personal document', other: 'Document' };

/** Compose a new future message, or edit one (open = message or 'new'). Saves as a draft or schedules it. */
export function ComposeDialog({
  open,
  message,
  options,
  onClose,
  onSaved,
}: {
  open: boolean;
  message: TFutureMessage | null;
  options: TFutureMessageOptions;
  onClose: () => void;
  onSaved: (saved: TFutureMessage | null, what: string) => void;
}) {
  const [form, setForm] = useState<FormState>(() => initialState(message, options));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'scheduled' | 'delete' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ruleName = useId();
  const guard = useUnsavedChangesGuard();
  const seal = options.seal;
  const ownerKey = useOwnerKey(seal);

  /** A sealed letter's words, opened here with the Owner Kit's key. */
  async function openWords(identity: string) {
    if (!message) return;
    const part = await futureMessagesApi.sealed(message.id);
    const words = await openText(identity, part.armored);
    setForm((f) => ({ ...f, body: words, opened: true }));
  }
  // The kit was opened earlier in this visit: the words open without asking again.
  useEffect(() => {
    const identity = seal && message?.sealed ? ownerKeyFor(seal.sealTag) : null;
    if (identity) void openWords(identity).catch(() => setFormError('This letter could not be opened with your Owner Kit.'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the dialog opens
  }, []);

  const recipient = options.recipients.find((r) => r.id === form.recipientId);
  const needsBirthday = form.deliveryRule === 'next_birthday' && recipient !== undefined && recipient.dateOfBirth === null;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function save(status: 'draft' | 'scheduled') {
    setFormError(null);
    const body = toRequest(form, status, needsBirthday);
    const fieldErrors: FieldErrors = {};
    if (form.sealed && seal) {
      // sealed here, before anything is sent: the words as they are, or the sealed copy unchanged
      if (form.opened && !form.body.trim()) fieldErrors.body = 'Write your letter';
      else if (form.opened && form.body.length > FUTURE_MESSAGE_BODY_MAX) fieldErrors.body = `Keep the message under ${FUTURE_MESSAGE_BODY_MAX.toLocaleString('en-GB')} characters`;
      else if (form.opened) Object.assign(body, { body: await sealText(seal.recipient, form.body.trim()), sealTag: seal.sealTag });
      else {
        const part = await futureMessagesApi.sealed(message!.id);
        Object.assign(body, { body: part.armored, sealTag: part.sealTag });
      }
    }
    const parsed = ZSaveFutureMessageRequest.safeParse(body);
    if (!parsed.success) Object.assign(fieldErrors, { ...fieldErrorsFromIssues(parsed.error.issues), ...fieldErrors });
    if (status === 'scheduled' && needsBirthday && !form.recipientDateOfBirth) {
      fieldErrors.recipientDateOfBirth = `Add ${recipient?.name.split(' ')[0] ?? 'their'}’s date of birth`;
    }
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length) return;
    setBusy(status);
    try {
      const saved = message ? await futureMessagesApi.update(message.id, body) : await futureMessagesApi.create(body);
      onSaved(saved, status === 'scheduled' ? `“${saved.subject}” is scheduled — ${saved.deliveryInWords}.` : `“${saved.subject}” is saved as a draft.`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.fields ?? {});
      setFormError(error.message);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!message) return;
    setBusy('delete');
    try {
      await futureMessagesApi.remove(message.id);
      onSaved(null, `“${message.subject}” was deleted.`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFormError(error.message);
      setConfirmDelete(false);
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save('scheduled');
  }

  // The same words the server gives a saved message (core/delivery-words.ts), for what is typed now.
  const preview = deliveryInWords({
    rule: form.deliveryRule,
    deliverOn: form.deliverOn || null,
    daysAfterActivation: /^\d{1,4}$/.test(form.daysAfterActivation.trim()) ? Number(form.daysAfterActivation) : null,
    recipientFirstName: recipient ? (recipient.name.split(' ')[0] ?? recipient.name) : null,
    recipientDateOfBirth: recipient?.dateOfBirth ?? (form.recipientDateOfBirth || null),
    activationCondition: options.activationCondition,
    now: new Date(),
    timeZone: options.timeZone,
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={message ? 'Edit Message' : 'Compose Message'}
      description="Write to a beneficiary now; Heirloom delivers it to their inbox when the time comes."
      footer={
        confirmDelete ? (
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Keep it
            </Button>
            <Button variant="danger" loading={busy === 'delete'} onClick={() => void remove()}>
              Yes, delete this message
            </Button>
          </>
        ) : (
          <>
            {message && (
              <Button variant="ghost" className="sm:mr-auto" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="secondary" loading={busy === 'draft'} disabled={busy !== null} onClick={() => void save('draft')}>
              Save as Draft
            </Button>
            <Button type="submit" form="compose-message" loading={busy === 'scheduled'} disabled={busy !== null}>
              Schedule Message
            </Button>
          </>
        )
      }
    >
      {confirmDelete && message ? (
        <Alert tone="error">Delete “{message.subject}”? This cannot be undone.</Alert>
      ) : (
        <form ref={guard} id="compose-message" noValidate onSubmit={submit} className="space-y-5">
          {formError && <Alert tone="error">{formError}</Alert>}
          {options.recipients.length === 0 ? (
            <Alert tone="info">Add a beneficiary first: future messages are delivered to your beneficiaries.</Alert>
          ) : (
            <SelectField label="Recipient" value={form.recipientId} onChange={(e) => set('recipientId', e.target.value)} error={errors.recipientId}>
              {form.recipientId === '' && <option value="">Choose a recipient</option>}
              {options.recipients.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} ({r.relationship}){r.messagesAccess ? '' : ' — messages access off'}
                </option>
              ))}
            </SelectField>
          )}
          {recipient && !recipient.hasAccount && (
            <p className="-mt-3 text-sm text-stone-600">
              {recipient.name.split(' ')[0]} has not accepted the invitation yet. The message waits until they do.
            </p>
          )}
          <TextField label="Subject" value={form.subject} maxLength={200} onChange={(e) => set('subject', e.target.value)} error={errors.subject} />
          {form.opened ? (
            <TextAreaField label="Message" rows={7} value={form.body} onChange={(e) => set('body', e.target.value)} error={errors.body} />
          ) : (
            <div className="space-y-3 rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200">
              <p className="flex items-start gap-2 text-sm text-stone-700">
                <LockClosedIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-icon" />
                The words of this letter are sealed. Open them with your Owner Kit to read or change them; you can change everything else without it.
              </p>
              <Button variant="secondary" size="sm" onClick={() => ownerKey.withKey((identity) => void openWords(identity).catch(() => setFormError('This letter could not be opened with your Owner Kit.')))}>
                Open with my Owner Kit
              </Button>
            </div>
          )}
          {seal && (
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4 rounded border-stone-300 accent-accent-solid"
                checked={form.sealed}
                disabled={!form.opened}
                onChange={(e) => setForm((f) => ({ ...f, sealed: e.target.checked, deliveryRule: e.target.checked ? 'after_activation' : f.deliveryRule }))}
              />
              <span>
                <span className="block font-medium text-stone-900">Seal this letter</span>
                <span className="block text-stone-600">
                  Its words are locked in this browser before they are sent. {sealedUntilKits('them')} Only a letter delivered after your passing can be sealed.
                </span>
              </span>
            </label>
          )}

          <fieldset>
            <legend className="text-sm font-medium text-stone-900">Delivery</legend>
            <div className="mt-2 space-y-2">
              {RULES.map((rule) => (
                <label
                  key={rule.value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-stone-200 has-checked:bg-accent-soft has-checked:ring-accent-ring has-disabled:cursor-not-allowed has-disabled:opacity-60"
                >
                  <input
                    type="radio"
                    name={ruleName}
                    value={rule.value}
                    checked={form.deliveryRule === rule.value}
                    disabled={form.sealed && rule.value !== 'after_activation'}
                    onChange={() => set('deliveryRule', rule.value)}
                    className="mt-1 size-4 accent-accent-solid"
                  />
                  <span className="text-sm">
                    <span className="block font-medium text-stone-900">{rule.label}</span>
                    <span className="block text-stone-600">{rule.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {form.deliveryRule === 'on_date' && (
            <TextField label="Delivery date" type="date" min={tomorrow()} value={form.deliverOn} onChange={(e) => set('deliverOn', e.target.value)} error={errors.deliverOn} />
          )}
          {form.deliveryRule === 'after_activation' && (
            <TextField
              label="Days after activation"
              type="number"
              inputMode="numeric"
              min={0}
              max={3650}
              value={form.daysAfterActivation}
              onChange={(e) => set('daysAfterActivation', e.target.value)}
              error={errors.daysAfterActivation}
              hint={options.estateActive ? 'Your estate is active: the count starts from its activation.' : 'The count starts when your estate is activated.'}
            />
          )}
          {needsBirthday && (
            <TextField
              label={`${recipient?.name.split(' ')[0] ?? 'Recipient'}’s date of birth`}
              type="date"
              value={form.recipientDateOfBirth}
              onChange={(e) => set('recipientDateOfBirth', e.target.value)}
              error={errors.recipientDateOfBirth}
              hint="We don’t know their birthday yet; it is saved with their beneficiary details."
            />
          )}
          {errors.recipientDateOfBirth && !needsBirthday && <Alert tone="error">{errors.recipientDateOfBirth}</Alert>}
          <p className="text-sm text-stone-600">
            Delivery: <span className="font-medium text-stone-900">{preview}</span>
          </p>

          <Picker
            legend="Attach memories"
            empty="You have no memories yet."
            items={options.memories.map((m) => ({ id: m.id, label: m.title, detail: new Date(`${m.date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) }))}
            selected={form.memoryIds}
            onChange={(ids) => set('memoryIds', ids)}
            error={errors.memoryIds}
          />
          <Picker
            legend="Attach documents"
            empty="You have no documents yet."
            items={options.documents.map((d) => ({ id: d.id, label: d.title, detail: DOCUMENT_TYPE_WORDS[d.type] ?? 'Document' }))}
            selected={form.documentIds}
            onChange={(ids) => set('documentIds', ids)}
            error={errors.documentIds}
          />
        </form>
      )}
      {ownerKey.dialog}
    </Dialog>
  );
}
