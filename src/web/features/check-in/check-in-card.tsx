import { useEffect, useState, type FormEvent } from 'react';
import type { TCheckIn } from '../../../core/check-in.schemas.ts';
import { CHECK_IN_MONTHS, type CheckInMonths } from '../../../core/safeguards.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { useAction } from '../../lib/use-action.ts';
import { checkInApi, checkInSummary } from './api.ts';

/**
 * "Check-in" on Account Settings: the inactivity period (off by default), and a pause while
 * travelling or in hospital. Saving counts as checking in.
 */
export function CheckInCard() {
  const [current, setCurrent] = useState<TCheckIn | null>(null);
  const [months, setMonths] = useState('');
  const [pauseDate, setPauseDate] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const { busy, error, fields, run } = useAction();

  function show(c: TCheckIn) {
    setCurrent(c);
    setMonths(c.months === null ? '' : String(c.months));
    setPauseDate(c.pausedUntil ?? '');
  }

  useEffect(() => {
    void run(async () => show(await checkInApi.get()));
  }, [run]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const ok = await run(async () => show(await checkInApi.update({ months: months === '' ? null : (Number(months) as CheckInMonths) })));
    if (ok) setSaved('Check-in saved. Saving counts as checking in.');
  }

  async function pause(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const ok = await run(async () => show(await checkInApi.update({ pausedUntil: pauseDate || null })));
    if (ok) setSaved(pauseDate ? 'Check-in paused.' : 'Pause ended.');
  }

  async function endPause() {
    setSaved(null);
    if (await run(async () => show(await checkInApi.update({ pausedUntil: null })))) setSaved('Pause ended.');
  }

  return (
    <Card
      title="Check-in"
      description="If you do not sign in or check in for the period you choose, your trustees are asked whether you are all right and your estate administrator is told. Nothing is ever released by this alone."
    >
      <div className="space-y-5">
        {current && (
          <p role="status" className="text-sm text-stone-700">
            {checkInSummary(current)}
          </p>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {saved && <Alert tone="success">{saved}</Alert>}
        <form onSubmit={(e) => void save(e)} className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-56">
            <SelectField
              label="Ask about me after"
              hint="Reminders come a month, a week and a day before, by email and here."
              name="months"
              value={months}
              error={fields.months}
              onChange={(e) => setMonths(e.target.value)}
            >
              <option value="">Off</option>
              {CHECK_IN_MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m === 1 ? '1 month' : `${m} months`} without a check-in
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" loading={busy}>
            Save check-in
          </Button>
        </form>
        {current && current.months !== null && (
          <form onSubmit={(e) => void pause(e)} className="flex flex-wrap items-end gap-3 border-t border-stone-100 pt-5">
            <div className="min-w-0 flex-1 basis-56">
              <TextField
                label="Travelling or in hospital until"
                hint="No reminders and no questions until this date; then the period starts again."
                type="date"
                name="pausedUntil"
                value={pauseDate}
                error={fields.pausedUntil}
                onChange={(e) => setPauseDate(e.target.value)}
              />
            </div>
            <Button type="submit" variant="secondary" loading={busy} disabled={!pauseDate}>
              Pause
            </Button>
            {current.pausedUntil && (
              <Button type="button" variant="ghost" onClick={() => void endPause()}>
                End pause
              </Button>
            )}
          </form>
        )}
      </div>
    </Card>
  );
}
