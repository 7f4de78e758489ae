import { ArrowDownIcon, ArrowUpIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { TReleaseSafeguards, TUpdateReleaseRulesRequest } from '../../../core/release-safeguards.schemas.ts';
import { TRUSTEE_RESPONSE_HOURS, VETO_DAYS } from '../../../core/safeguards.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useUnsavedChangesWhile } from '../../lib/unsaved-changes.ts';
import { releaseSafeguardsApi } from './api.ts';

const hoursLabel = (h: number) => (h % 24 === 0 ? `${h / 24} day${h === 24 ? '' : 's'} (${h} hours)` : `${h} hours`);

type Rules = TReleaseSafeguards['rules'];

/** The rules the form would save: M of N never asks more trustees than are named. */
const effectiveRules = (rules: Rules, trustees: number): Rules => ({ ...rules, quorumRequired: Math.min(rules.quorumRequired, Math.max(trustees, 1)) });

/** What differs from what is saved; the quorum only when there are trustees to count. */
function changedRules(draft: Rules, saved: Rules, trustees: number): TUpdateReleaseRulesRequest {
  const next = effectiveRules(draft, trustees);
  return {
    ...(next.vetoDays !== saved.vetoDays && { vetoDays: next.vetoDays }),
    ...(next.trusteeResponseHours !== saved.trusteeResponseHours && { trusteeResponseHours: next.trusteeResponseHours }),
    ...(trustees > 0 && next.quorumRequired !== saved.quorumRequired && { quorumRequired: next.quorumRequired }),
  };
}

/**
 * "Release Safeguards" on Account Settings (issue 13): the owner names trustees from their
 * beneficiaries and support team, puts them in order (move up/down buttons, keyboard friendly),
 * chooses how many must confirm a report, how long each has to answer, and the veto window.
 * One form with one Save (issue 24): a rule chosen never saves, or drops, trustees not yet saved.
 */
export function ReleaseSafeguardsCard() {
  const [data, setData] = useState<TReleaseSafeguards | null>(null);
  const [order, setOrder] = useState<string[]>([]);
  const [rules, setRules] = useState<Rules | null>(null);
  const [adding, setAdding] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const show = (d: TReleaseSafeguards) => {
    setData(d);
    setOrder(d.trustees.map((t) => t.userId));
    setRules(d.rules);
  };
  useEffect(() => {
    void releaseSafeguardsApi.get().then(show);
  }, []);

  const saved = data?.trustees.map((t) => t.userId) ?? [];
  const trusteesChanged = saved.join() !== order.join();
  const rulesChanged = !!data && !!rules && Object.keys(changedRules(rules, data.rules, order.length)).length > 0;
  useUnsavedChangesWhile(trusteesChanged || rulesChanged);

  if (!data || !rules) return <Card title="Release Safeguards">Loading…</Card>;
  const nameOf = (id: string) => data.candidates.find((c) => c.userId === id)?.name ?? data.trustees.find((t) => t.userId === id)?.name ?? 'Someone';
  const linkOf = (id: string) => data.candidates.find((c) => c.userId === id)?.linkedAs ?? '';
  const available = data.candidates.filter((c) => !order.includes(c.userId));
  const draft = effectiveRules(rules, order.length);
  const setRule = (rule: keyof Rules) => (e: ChangeEvent<HTMLSelectElement>) => setRules({ ...draft, [rule]: Number(e.target.value) });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!data || !rules) return;
    setBusy(true);
    let latest = data;
    try {
      if (trusteesChanged) latest = await releaseSafeguardsApi.setTrustees({ userIds: order });
      const patch = changedRules(rules, latest.rules, order.length);
      if (Object.keys(patch).length) latest = await releaseSafeguardsApi.updateRules(patch);
      show(latest);
      setNotice({ tone: 'success', text: trusteesChanged ? 'Your safeguards were saved. Anyone newly named a trustee has been told.' : 'Your safeguards were saved.' });
    } catch (e) {
      // What did save is shown as saved; what did not stays on the form to try again.
      if (latest !== data) setData(latest);
      setNotice({ tone: 'error', text: e instanceof ApiError ? e.message : 'That could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setOrder(next);
  };

  return (
    <Card
      title="Release Safeguards"
      description="Who must confirm a report of your death or incapacity before anything is checked, and how long you have to cancel a report before anything can be released."
    >
      <form noValidate onSubmit={(e) => void save(e)} className="space-y-6">
        {notice && (
          <div role="status">
            <Alert tone={notice.tone}>{notice.text}</Alert>
          </div>
        )}
        <section aria-labelledby="trustees-heading" className="space-y-3">
          <h3 id="trustees-heading" className="text-sm font-semibold text-stone-900">
            Trustees, in the order they are asked
          </h3>
          {order.length === 0 ? (
            <p className="text-sm text-stone-600">No trustees yet: a report goes straight to your estate administrator.</p>
          ) : (
            <ol className="divide-y divide-stone-100 rounded-lg ring-1 ring-stone-200">
              {order.map((id, i) => (
                <li key={id} className="flex flex-wrap items-center gap-2 p-3">
                  <span className="w-6 text-sm font-semibold text-stone-500">{i + 1}.</span>
                  <span className="min-w-0 flex-1 break-words">
                    <span className="font-medium text-stone-900">{nameOf(id)}</span> <span className="text-sm text-stone-600">{linkOf(id)}</span>
                    {!saved.includes(id) && <span className="ml-2 text-sm text-amber-800">not saved yet</span>}
                  </span>
                  <span className="flex gap-1">
                    <Button variant="ghost" size="sm" disabled={i === 0 || busy} onClick={() => move(i, -1)} aria-label={`Move ${nameOf(id)} up`}>
                      <ArrowUpIcon aria-hidden="true" className="size-4" />
                    </Button>
                    <Button variant="ghost" size="sm" disabled={i === order.length - 1 || busy} onClick={() => move(i, 1)} aria-label={`Move ${nameOf(id)} down`}>
                      <ArrowDownIcon aria-hidden="true" className="size-4" />
                    </Button>
                    <Button variant="ghost" size="sm" disabled={busy} onClick={() => setOrder(order.filter((x) => x !== id))} aria-label={`Remove ${nameOf(id)}`}>
                      <XMarkIcon aria-hidden="true" className="size-4" />
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          {data.warnings.map((warning) => (
            <Alert key={warning} tone="info">
              {warning}
            </Alert>
          ))}
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1">
              <SelectField label="Add a trustee" value={adding} onChange={(e) => setAdding(e.target.value)} hint="Your beneficiaries and support team who have an account.">
                <option value="">Choose someone</option>
                {available.map((c) => (
                  <option key={c.userId} value={c.userId}>
                    {c.name} ({c.linkedAs})
                  </option>
                ))}
              </SelectField>
            </div>
            <Button
              variant="secondary"
              disabled={!adding || busy}
              onClick={() => {
                setOrder([...order, adding]);
                setAdding('');
              }}
            >
              Add
            </Button>
          </div>
        </section>

        <section aria-labelledby="rules-heading" className="grid gap-4 sm:grid-cols-3">
          <h3 id="rules-heading" className="text-sm font-semibold text-stone-900 sm:col-span-3">
            Rules for a report
          </h3>
          <SelectField
            label="Trustees who must confirm"
            value={String(draft.quorumRequired)}
            disabled={busy || order.length === 0}
            hint={order.length ? `Of your ${order.length} trustee${order.length === 1 ? '' : 's'}; the person who reported never counts.` : 'Name your trustees first.'}
            onChange={setRule('quorumRequired')}
          >
            {Array.from({ length: Math.max(order.length, 1) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n} of {Math.max(order.length, 1)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Time each trustee has to answer" value={String(draft.trusteeResponseHours)} disabled={busy} hint="Then the next in line is asked." onChange={setRule('trusteeResponseHours')}>
            {TRUSTEE_RESPONSE_HOURS.map((h) => (
              <option key={h} value={h}>
                {hoursLabel(h)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Waiting period to cancel a report" value={String(draft.vetoDays)} disabled={busy} hint="Reminded daily; nothing is released before it ends." onChange={setRule('vetoDays')}>
            {VETO_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} day{d === 1 ? '' : 's'}
              </option>
            ))}
          </SelectField>
        </section>
        <Button type="submit" loading={busy} disabled={!(trusteesChanged || rulesChanged)}>
          Save safeguards
        </Button>
      </form>
    </Card>
  );
}
