import { useEffect, useState, type FormEvent } from 'react';
import type { TExecutors } from '../../../core/executors.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useUnsavedChangesWhile } from '../../lib/unsaved-changes.ts';
import { executorsApi } from './api.ts';

/**
 * "Your executor" on Account Settings (issue 28): the owner names who settles the estate after their
 * passing, and a deputy who can act in their place — from their beneficiaries with an account and
 * their estate administrator. Fixed once the estate is active.
 */
export function ExecutorCard() {
  const [data, setData] = useState<TExecutors | null>(null);
  const [executor, setExecutor] = useState('');
  const [deputy, setDeputy] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const show = (d: TExecutors) => {
    setData(d);
    setExecutor(d.executor?.userId ?? '');
    setDeputy(d.deputy?.userId ?? '');
  };
  useEffect(() => {
    void executorsApi.get().then(show);
  }, []);
  const changed = !!data && (executor !== (data.executor?.userId ?? '') || deputy !== (data.deputy?.userId ?? ''));
  useUnsavedChangesWhile(changed);
  if (!data) return <Card title="Your executor">Loading…</Card>;

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      show(await executorsApi.set({ executorUserId: executor || null, deputyUserId: executor && deputy ? deputy : null }));
      setNotice({ tone: 'success', text: 'Saved.' });
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? err.message : 'That could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const options = (except: string) => data.candidates.filter((c) => c.userId !== except);
  const locked = busy || !data.canChange;
  return (
    <Card title="Your executor">
      <form noValidate onSubmit={(e) => void save(e)} className="space-y-4">
        <p className="text-sm text-stone-600">
          After your passing, your executor works through your estate: your accounts and what you asked to be done with each. Your deputy can act in their place. Others you
          share with can follow their progress.
        </p>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {!data.canChange && <Alert tone="info">Your estate is active: your executor can no longer change.</Alert>}
        {data.candidates.length === 0 ? (
          <p className="text-sm text-stone-600">Invite a beneficiary or an estate administrator first: once they have an account, you can name them here.</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Executor" value={executor} disabled={locked} hint="A beneficiary with an account, or your estate administrator." onChange={(e) => setExecutor(e.target.value)}>
              <option value="">Nobody yet</option>
              {options(deputy).map((c) => (
                <option key={c.userId} value={c.userId}>
                  {c.name} ({c.linkedAs})
                </option>
              ))}
            </SelectField>
            <SelectField label="Deputy" optional value={executor ? deputy : ''} disabled={locked || !executor} hint="Acts when your executor cannot." onChange={(e) => setDeputy(e.target.value)}>
              <option value="">Nobody</option>
              {options(executor).map((c) => (
                <option key={c.userId} value={c.userId}>
                  {c.name} ({c.linkedAs})
                </option>
              ))}
            </SelectField>
          </div>
        )}
        {data.canChange && (
          <Button type="submit" loading={busy} disabled={!changed}>
            Save executor
          </Button>
        )}
      </form>
    </Card>
  );
}
