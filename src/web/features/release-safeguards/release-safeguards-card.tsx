import { ArrowDownIcon, ArrowUpIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import type { TReleaseSafeguards } from '../../../core/release-safeguards.schemas.ts';
import { TRUSTEE_RESPONSE_HOURS, VETO_DAYS } from '../../../core/safeguards.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { releaseSafeguardsApi } from './api.ts';

const hoursLabel = (h: number) => (h % 24 === 0 ? `${h / 24} day${h === 24 ? '' : 's'} (${h} hours)` : `${h} hours`);

/**
 * "Release Safeguards" on Account Settings (issue 13): the owner names trustees from their
 * beneficiaries and support team, puts them in order (move up/down buttons, keyboard friendly),
 * chooses how many must confirm a report, how long each has to answer, and the veto window.
 */
export function ReleaseSafeguardsCard() {
  const [data, setData] = useState<TReleaseSafeguards | null>(null);
  const [order, setOrder] = useState<string[]>([]);
  const [adding, setAdding] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    void releaseSafeguardsApi.get().then((d) => {
      setData(d);
      setOrder(d.trustees.map((t) => t.userId));
    });
  }, []);

  if (!data) return <Card title="Release Safeguards">Loading…</Card>;
  const nameOf = (id: string) => data.candidates.find((c) => c.userId === id)?.name ?? data.trustees.find((t) => t.userId === id)?.name ?? 'Someone';
  const linkOf = (id: string) => data.candidates.find((c) => c.userId === id)?.linkedAs ?? '';
  const available = data.candidates.filter((c) => !order.includes(c.userId));
  const saved = data.trustees.map((t) => t.userId);
  const dirty = saved.join() !== order.join();

  async function run(work: () => Promise<TReleaseSafeguards>, done: string) {
    setBusy(true);
    try {
      const d = await work();
      setData(d);
      setOrder(d.trustees.map((t) => t.userId));
      setNotice({ tone: 'success', text: done });
    } catch (e) {
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
      <div className="space-y-6">
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
          <Button disabled={!dirty || busy} onClick={() => void run(() => releaseSafeguardsApi.setTrustees({ userIds: order }), 'Your trustees were saved. Anyone newly named has been told.')}>
            Save trustees
          </Button>
        </section>

        <section aria-labelledby="rules-heading" className="grid gap-4 sm:grid-cols-3">
          <h3 id="rules-heading" className="text-sm font-semibold text-stone-900 sm:col-span-3">
            Rules for a report
          </h3>
          <SelectField
            label="Trustees who must confirm"
            value={String(data.rules.quorumRequired)}
            disabled={busy || saved.length === 0}
            hint={saved.length ? `Of your ${saved.length} trustee${saved.length === 1 ? '' : 's'}; the person who reported never counts.` : 'Name and save trustees first.'}
            onChange={(e) => void run(() => releaseSafeguardsApi.updateRules({ quorumRequired: Number(e.target.value) }), 'Saved.')}
          >
            {Array.from({ length: Math.max(saved.length, 1) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n} of {Math.max(saved.length, 1)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Time each trustee has to answer"
            value={String(data.rules.trusteeResponseHours)}
            disabled={busy}
            hint="Then the next in line is asked."
            onChange={(e) => void run(() => releaseSafeguardsApi.updateRules({ trusteeResponseHours: Number(e.target.value) }), 'Saved.')}
          >
            {TRUSTEE_RESPONSE_HOURS.map((h) => (
              <option key={h} value={h}>
                {hoursLabel(h)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Waiting period to cancel a report"
            value={String(data.rules.vetoDays)}
            disabled={busy}
            hint="Reminded daily; nothing is released before it ends."
            onChange={(e) => void run(() => releaseSafeguardsApi.updateRules({ vetoDays: Number(e.target.value) }), 'Saved.')}
          >
            {VETO_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} day{d === 1 ? '' : 's'}
              </option>
            ))}
          </SelectField>
        </section>
      </div>
    </Card>
  );
}
