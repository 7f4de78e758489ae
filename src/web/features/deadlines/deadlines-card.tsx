import { CheckCircleIcon, ClockIcon, ExclamationTriangleIcon, CalendarDaysIcon } from '@heroicons/react/24/outline';
import { useCallback, useState, type FormEvent } from 'react';
import type { DeadlineStatus, TDeadline, TDeadlines } from '../../../core/deadlines.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { useAction } from '../../lib/use-action.ts';
import { useCardData } from '../../lib/use-card-data.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { deadlinesApi } from './api.ts';

/** Each status says itself in words and an icon, never by colour alone. */
const STATUS: Record<DeadlineStatus, { label: string; icon: typeof ClockIcon; badge: string }> = {
  overdue: { label: 'Overdue', icon: ExclamationTriangleIcon, badge: 'bg-red-50 text-red-800 ring-red-200' },
  'due-soon': { label: 'Due soon', icon: ClockIcon, badge: 'bg-amber-50 text-amber-900 ring-amber-200' },
  upcoming: { label: 'Upcoming', icon: CalendarDaysIcon, badge: 'bg-stone-50 text-stone-700 ring-stone-200' },
  done: { label: 'Done', icon: CheckCircleIcon, badge: 'bg-green-50 text-green-900 ring-green-200' },
};

/** "gov.uk" from "https://www.gov.uk/register-a-death": what the source link says. */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** Where the estate is settled and the date of death: the first step, and a change later. */
function SettlementForm({ data, onSaved, onCancel }: { data: TDeadlines; onSaved: (next: TDeadlines) => void; onCancel: (() => void) | null }) {
  const [jurisdiction, setJurisdiction] = useState(data.settlement?.jurisdiction ?? '');
  const [dateOfDeath, setDateOfDeath] = useState(data.settlement?.dateOfDeath ?? data.suggestedDateOfDeath ?? '');
  const { busy, error, fields, run } = useAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => onSaved(await deadlinesApi.setSettlement(data.estateId, { jurisdiction, dateOfDeath })));
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Date of death and jurisdiction">
      {error && <Alert tone="error">{error}</Alert>}
      <SelectField label="Where the estate is settled" value={jurisdiction} onChange={(e) => setJurisdiction(e.target.value)} error={fields.jurisdiction} required>
        <option value="">Choose…</option>
        {data.jurisdictions.map((j) => (
          <option key={j.key} value={j.key}>
            {j.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Date of death"
        type="date"
        value={dateOfDeath}
        max={data.today}
        min="1900-01-01"
        onChange={(e) => setDateOfDeath(e.target.value)}
        error={fields.dateOfDeath}
        hint={data.suggestedDateOfDeath && !data.settlement ? `Filled in from the estate’s records (${formatDate(data.suggestedDateOfDeath)}): check it against the death certificate.` : undefined}
        required
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          {data.settlement ? 'Save and recount the deadlines' : 'Show the deadlines'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** A deadline of the executor's own. */
function AddDeadlineForm({ data, onAdded }: { data: TDeadlines; onAdded: (added: TDeadline) => Promise<void> }) {
  const [title, setTitle] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [detail, setDetail] = useState('');
  const { busy, error, fields, run } = useAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const added = await deadlinesApi.add(data.estateId, { title, dueOn, detail });
      setTitle('');
      setDueOn('');
      setDetail('');
      await onAdded(added);
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 border-t border-stone-100 pt-5" aria-labelledby="add-deadline-heading">
      <h3 id="add-deadline-heading" className="text-sm font-semibold text-stone-900">
        Add a deadline of your own
      </h3>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label="What is due" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} error={fields.title} required />
      <TextField
        label="Due on"
        type="date"
        value={dueOn}
        min={data.settlement?.dateOfDeath}
        onChange={(e) => setDueOn(e.target.value)}
        error={fields.dueOn}
        hint="On or after the date of death."
        required
      />
      <TextAreaField label="Details" optional rows={2} maxLength={2000} value={detail} onChange={(e) => setDetail(e.target.value)} error={fields.detail} />
      <Button type="submit" variant="secondary" loading={busy}>
        Add deadline
      </Button>
    </form>
  );
}

function DeadlineItem({ item, canWork, busy, onToggle, onDelete }: { item: TDeadline; canWork: boolean; busy: boolean; onToggle: () => void; onDelete: () => void }) {
  const status = STATUS[item.status];
  const Icon = status.icon;
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${status.badge}`}>
          <Icon aria-hidden="true" className="size-4" />
          {status.label}
        </span>
        <span className="text-sm text-stone-700">
          Due <time dateTime={item.dueOn}>{formatDate(item.dueOn)}</time>
        </span>
      </div>
      <p className={`mt-1 font-medium break-words text-stone-900 ${item.status === 'done' ? 'line-through decoration-stone-400' : ''}`}>{item.title}</p>
      <div className="mt-1 space-y-1 text-sm text-stone-600">
        {item.detail && <p className="break-words whitespace-pre-line">{item.detail}</p>}
        {item.sourceUrl ? (
          <p>
            Official source:{' '}
            <a href={item.sourceUrl} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-accent-text underline">
              {hostOf(item.sourceUrl)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            · <span className="text-stone-700">Guidance, not legal advice</span>
          </p>
        ) : (
          <p>Your own deadline</p>
        )}
        {item.done && (
          <p className="text-stone-700">
            Marked done by {item.done.byName}, <time dateTime={item.done.at}>{formatDateTime(item.done.at)}</time>
          </p>
        )}
        {item.remindedAt && item.status !== 'done' && <p>Reminder sent {formatDateTime(item.remindedAt)}</p>}
      </div>
      {canWork && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" disabled={busy} onClick={onToggle} aria-label={`${item.done ? 'Mark not done' : 'Mark done'}: ${item.title}`}>
            {item.done ? 'Mark not done' : 'Mark done'}
          </Button>
          {!item.ruleKey && (
            <Button size="sm" variant="ghost" disabled={busy} onClick={onDelete} aria-label={`Delete: ${item.title}`}>
              Delete
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * Settlement deadlines of an active estate (ADR 0104): from the date of death, what is due when —
 * the jurisdiction's rules (guidance, not legal advice, each with its official source) and the
 * executor's own. Those who settle the estate set the facts, add and tick deadlines; digital-legacy
 * beneficiaries follow. Renders nothing when the server says it is not there for this viewer (404).
 */
export function DeadlinesCard({ estateId }: { estateId: string }) {
  const { data, setData, failed, reload } = useCardData(useCallback(() => deadlinesApi.get(estateId), [estateId]));
  const { busyId, notice, setNotice, act } = useRowAction(reload);
  const busy = busyId !== null;
  const [editing, setEditing] = useState(false);

  const toggle = (item: TDeadline) =>
    act(item.id, async () => {
      const saved = item.done ? await deadlinesApi.markNotDone(estateId, item.id) : await deadlinesApi.markDone(estateId, item.id);
      return saved.done ? `“${saved.title}” marked done.` : `“${saved.title}” marked not done.`;
    });
  const remove = (item: TDeadline) =>
    act(item.id, async () => {
      await deadlinesApi.remove(estateId, item.id);
      return `“${item.title}” deleted.`;
    });

  if (!data) return failed ? <Alert tone="error">{failed}</Alert> : null;
  const { settlement, counts } = data;
  const showForm = data.canWork && (!settlement || editing);
  return (
    <Card
      title="Deadlines"
      description={`What is due when for ${data.ownerName}’s estate, counted from the date of death.`}
      actions={
        settlement && data.canWork && !editing ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Change date or place
          </Button>
        ) : undefined
      }
    >
      <div className="space-y-5">
        <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700 ring-1 ring-stone-200 ring-inset">
          <strong className="font-semibold text-stone-900">Guidance, not legal advice.</strong> These dates come from the official sources linked beside each one. Check them
          with the source or a professional: your situation may change them.
        </p>
        <div aria-live="polite" className="empty:hidden">
          {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : failed && <Alert tone="error">{failed}</Alert>}
        </div>
        {settlement && !editing && (
          <div className="text-sm text-stone-700">
            <p>
              <span className="font-medium text-stone-900">{settlement.jurisdictionName}</span> · date of death{' '}
              <time dateTime={settlement.dateOfDeath}>{formatDate(settlement.dateOfDeath)}</time>
            </p>
            {settlement.note && <p className="mt-1 text-stone-600">{settlement.note}</p>}
          </div>
        )}
        {showForm && (
          <SettlementForm
            data={data}
            onCancel={settlement ? () => setEditing(false) : null}
            onSaved={(next) => {
              setData(next);
              setEditing(false);
              setNotice({ tone: 'success', text: `Deadlines counted from ${formatDate(next.settlement!.dateOfDeath)} for ${next.settlement!.jurisdictionName}.` });
            }}
          />
        )}
        {!settlement && !data.canWork && <p className="text-sm text-stone-600">The executor has not set the date of death and where the estate is settled yet.</p>}
        {settlement && (
          <>
            <p className="text-sm text-stone-700">
              {counts.overdue > 0 ? (
                <strong className="font-semibold text-red-800">
                  {counts.overdue} overdue{counts.dueSoon > 0 ? `, ${counts.dueSoon} due soon` : ''}
                </strong>
              ) : counts.dueSoon > 0 ? (
                `${counts.dueSoon} due soon`
              ) : (
                'Nothing overdue'
              )}
              {` · ${counts.done} of ${counts.done + counts.open} done`}
            </p>
            {data.deadlines.length === 0 ? (
              <p className="text-sm text-stone-600">No deadlines yet.</p>
            ) : (
              <ol className="divide-y divide-stone-100" aria-label="Deadlines by due date">
                {data.deadlines.map((item) => (
                  <DeadlineItem key={item.id} item={item} canWork={data.canWork} busy={busy} onToggle={() => void toggle(item)} onDelete={() => void remove(item)} />
                ))}
              </ol>
            )}
            {!data.canWork && <p className="text-sm text-stone-600">The executor marks these done as they go; you can follow their progress here.</p>}
            {data.canWork && (
              <AddDeadlineForm
                data={data}
                onAdded={async (added) => {
                  setNotice({ tone: 'success', text: `“${added.title}” added, due ${formatDate(added.dueOn)}.` });
                  await reload();
                }}
              />
            )}
          </>
        )}
      </div>
    </Card>
  );
}
