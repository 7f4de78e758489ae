import { useState, type FormEvent } from 'react';
import { SYSTEM_TIME_ZONES } from '../../../core/constants.ts';
import { ZGeneralSettings, type TGeneralSettings } from '../../../core/system-settings.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { refreshSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { adminSettingsApi } from './api.ts';

/**
 * System name and default time zone, saved with Save Changes. After a save the session is loaded
 * again, so the header, the page titles (and the emails, on the server) use the new name at once.
 */
export function GeneralSettingsForm({ initial }: { initial: TGeneralSettings }) {
  const [settings, setSettings] = useState(initial);
  const [saved, setSaved] = useState(false);
  const { busy, error, fields, setFields, run } = useAction();

  const update = (next: Partial<TGeneralSettings>) => {
    setSettings((s) => ({ ...s, ...next }));
    setSaved(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = ZGeneralSettings.safeParse(settings);
    setFields(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues));
    if (!parsed.success) return;
    await run(async () => {
      setSettings(await adminSettingsApi.saveGeneral(parsed.data));
      await refreshSession();
      setSaved(true);
    });
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Card title="General" description="What the platform is called and the time zone its dates and reports use.">
        <div className="max-w-xl space-y-6">
          {error && <Alert tone="error">{error}</Alert>}
          <TextField
            label="System name"
            name="systemName"
            value={settings.systemName}
            maxLength={80}
            autoComplete="off"
            hint="Shown in the app header, page titles and every email the platform sends."
            error={fields.systemName}
            onChange={(e) => update({ systemName: e.target.value })}
          />
          <SelectField
            label="Default time zone"
            name="defaultTimeZone"
            value={settings.defaultTimeZone}
            hint="Used for “this month” on the dashboard, report ranges and log dates."
            error={fields.defaultTimeZone}
            onChange={(e) => update({ defaultTimeZone: e.target.value as TGeneralSettings['defaultTimeZone'] })}
          >
            {SYSTEM_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" loading={busy}>
              Save Changes
            </Button>
            <p aria-live="polite" className="text-sm font-medium text-green-800">
              {saved ? 'Settings saved.' : ''}
            </p>
          </div>
        </div>
      </Card>
    </form>
  );
}
