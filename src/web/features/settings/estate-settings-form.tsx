import { PlusIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useState, type FormEvent } from 'react';
import { ACTIVATION_CONDITIONS, RELEASE_SCHEDULES } from '../../../core/constants.ts';
import { RELEASE_DATES_MAX, ZEstateSettingsRequest, type TEstateSettings } from '../../../core/settings.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField, controlClasses } from '../../components/ui/field.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes.ts';
import { useAction } from '../../lib/use-action.ts';
import { settingsApi } from './api.ts';
import { RadioCards } from './radio-cards.tsx';

type Condition = keyof typeof ACTIVATION_CONDITIONS;
type Schedule = keyof typeof RELEASE_SCHEDULES;

const CONDITION_HINTS: Record<Condition, string> = {
  upon_death: 'Your estate administrator activates it once a death certificate is verified.',
  upon_incapacitation: 'Activated once medical documentation of incapacity is verified.',
  specific_date: 'Activated automatically on the date you choose.',
  manual: 'Only your estate administrator can activate it, when you have asked them to.',
};
const SCHEDULE_HINTS: Record<Schedule, string> = {
  all_at_once: 'Everything you marked for after activation is released on activation.',
  gradual: 'Released in stages over the weeks after activation.',
  specific_dates: 'Released on the dates you set.',
};

/** Estate activation condition (four choices) and content release schedule (three), saved together. */
export function EstateSettingsForm({ initial, onSaved }: { initial: TEstateSettings; onSaved: (saved: TEstateSettings) => void }) {
  const [condition, setCondition] = useState<Condition>(initial.activationCondition);
  const [activationDate, setActivationDate] = useState(initial.activationDate ?? '');
  const [schedule, setSchedule] = useState<Schedule>(initial.releaseSchedule);
  const [releaseDates, setReleaseDates] = useState<string[]>(initial.releaseDates.length ? initial.releaseDates : ['']);
  const { busy, error, setError, fields: errors, setFields: setErrors, run } = useAction();
  const [saved, setSaved] = useState(false);
  const guard = useUnsavedChangesGuard();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setError(null);
    const body = {
      activationCondition: condition,
      activationDate: condition === 'specific_date' ? activationDate || null : null,
      releaseSchedule: schedule,
      releaseDates: schedule === 'specific_dates' ? releaseDates.filter(Boolean) : [],
    };
    const parsed = ZEstateSettingsRequest.safeParse(body);
    const fields = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    setErrors(fields);
    if (Object.keys(fields).length) return;
    await run(async () => {
      const result = await settingsApi.saveEstate(body);
      setSaved(true);
      onSaved(result);
    });
  }

  return (
    <form ref={guard} noValidate onSubmit={(e) => void submit(e)} className="space-y-8">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="space-y-4">
        <RadioCards legend="Estate activation condition" options={ACTIVATION_CONDITIONS} hints={CONDITION_HINTS} value={condition} onChange={setCondition} />
        {condition === 'specific_date' && (
          <div className="max-w-xs">
            <TextField label="Activation date" type="date" value={activationDate} onChange={(e) => setActivationDate(e.target.value)} error={errors.activationDate} />
          </div>
        )}
      </div>
      <div className="space-y-4">
        <RadioCards legend="Content release schedule" options={RELEASE_SCHEDULES} hints={SCHEDULE_HINTS} value={schedule} onChange={setSchedule} />
        {schedule === 'specific_dates' && (
          <fieldset className="max-w-md">
            <legend className="text-sm font-medium text-stone-900">Release dates</legend>
            <ul className="mt-2 space-y-2">
              {releaseDates.map((date, i) => (
                <li key={i} className="flex items-center gap-2">
                  <input
                    type="date"
                    aria-label={`Release date ${i + 1}`}
                    value={date}
                    onChange={(e) => setReleaseDates((all) => all.map((d, j) => (j === i ? e.target.value : d)))}
                    className={controlClasses}
                  />
                  {releaseDates.length > 1 && (
                    <Button variant="ghost" size="sm" aria-label={`Remove release date ${i + 1}`} onClick={() => setReleaseDates((all) => all.filter((_, j) => j !== i))}>
                      <XMarkIcon aria-hidden="true" className="size-5" />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {releaseDates.length < RELEASE_DATES_MAX && (
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => setReleaseDates((all) => [...all, ''])}>
                <PlusIcon aria-hidden="true" className="size-4" />
                Add a date
              </Button>
            )}
            {errors.releaseDates && <p className="mt-1.5 text-sm font-medium text-red-700">{errors.releaseDates}</p>}
          </fieldset>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" loading={busy}>
          Save Changes
        </Button>
        {saved && (
          <p role="status" className="text-sm font-medium text-green-800">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}
