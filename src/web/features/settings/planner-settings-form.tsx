import { useState, type FormEvent } from 'react';
import { PLANNER_CONTACT_METHODS, PLANNER_TIME_ZONES, PLANNER_VISIBILITY } from '../../../core/constants.ts';
import { PLANNER_TIME_ZONE_LABELS, type TUpdateUserSettingsRequest, type TUserSettings } from '../../../core/settings.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { useAction } from '../../lib/use-action.ts';
import { settingsApi } from './api.ts';
import { RadioCards } from './radio-cards.tsx';

type Visibility = (typeof PLANNER_VISIBILITY)[number];
type PlannerSettings = Pick<TUserSettings, 'plannerVisibility' | 'plannerAppointmentEmails' | 'plannerTimeZone' | 'plannerContactMethod'>;

const VISIBILITY_OPTIONS = Object.fromEntries(PLANNER_VISIBILITY.map((v) => [v, v])) as Record<Visibility, string>;
const VISIBILITY_HINTS: Record<Visibility, string> = {
  Public: 'Estate owners adding a support-team member can find and choose you.',
  Private: 'Nobody can find you; you join an estate only by invitation.',
  'Clients Only': 'Only your current clients see your profile, on their support team.',
};

const pick = (s: TUserSettings): PlannerSettings => ({
  plannerVisibility: s.plannerVisibility,
  plannerAppointmentEmails: s.plannerAppointmentEmails,
  plannerTimeZone: s.plannerTimeZone,
  plannerContactMethod: s.plannerContactMethod,
});

/** The planner's Settings: profile visibility, appointment emails, time zone and contact method, saved together. */
export function PlannerSettingsForm({ initial }: { initial: TUserSettings }) {
  const [saved, setSaved] = useState<PlannerSettings>(pick(initial));
  const [draft, setDraft] = useState<PlannerSettings>(saved);
  const [done, setDone] = useState(false);
  const { busy, error, fields, setFields, run } = useAction();
  const dirty = (Object.keys(draft) as (keyof PlannerSettings)[]).some((k) => draft[k] !== saved[k]);
  const change = (patch: Partial<PlannerSettings>) => {
    setDone(false);
    setDraft((d) => ({ ...d, ...patch }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    await run(async () => {
      const body: TUpdateUserSettingsRequest = draft;
      const result = pick(await settingsApi.update(body));
      setSaved(result);
      setDraft(result);
      setDone(true);
    });
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-8" aria-label="Planner settings">
      {error && <Alert tone="error">{error}</Alert>}
      <Card title="Profile Visibility" description="Who can see your name and contact details.">
        <RadioCards
          legend="Profile visibility"
          hideLegend
          columns={3}
          options={VISIBILITY_OPTIONS}
          hints={VISIBILITY_HINTS}
          value={draft.plannerVisibility}
          onChange={(plannerVisibility) => change({ plannerVisibility })}
        />
        {fields.plannerVisibility && <p className="mt-1.5 text-sm font-medium text-red-700">{fields.plannerVisibility}</p>}
      </Card>

      <Card title="Notifications">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={draft.plannerAppointmentEmails}
            onChange={(e) => change({ plannerAppointmentEmails: e.target.checked })}
            className="mt-1 size-4 accent-accent-solid"
          />
          <span>
            <span className="block text-base font-medium text-stone-900">Email notifications for new appointments</span>
            <span className="mt-0.5 block text-sm text-stone-600">
              Email me when a loved one asks for an appointment. You always see the request in Heirloom.
            </span>
          </span>
        </label>
      </Card>

      <Card title="Preferences">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Time Zone"
            hint="Your appointments are shown and booked in this zone."
            value={draft.plannerTimeZone}
            error={fields.plannerTimeZone}
            onChange={(e) => change({ plannerTimeZone: e.target.value as PlannerSettings['plannerTimeZone'] })}
          >
            {PLANNER_TIME_ZONES.map((z) => (
              <option key={z} value={z}>
                {PLANNER_TIME_ZONE_LABELS[z]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Preferred Contact Method"
            hint="Shown to your clients on their support team."
            value={draft.plannerContactMethod}
            error={fields.plannerContactMethod}
            onChange={(e) => change({ plannerContactMethod: e.target.value as PlannerSettings['plannerContactMethod'] })}
          >
            {PLANNER_CONTACT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" loading={busy} disabled={!dirty && !busy}>
          Save Changes
        </Button>
        <p aria-live="polite" className="text-sm text-stone-600">
          {done ? <span className="font-medium text-green-800">Your settings were saved.</span> : dirty ? 'You have unsaved changes.' : null}
        </p>
      </div>
    </form>
  );
}
