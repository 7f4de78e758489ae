import { useId, useState, type FormEvent } from 'react';
import { REQUIRED_DOCUMENT_OPTIONS, VERIFICATION_TIMEOUTS } from '../../../core/constants.ts';
import { ZEstateAdministratorSettings, type TEstateAdministratorSettings } from '../../../core/lifecycle.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { AlertCheckboxes } from './alert-checkboxes.tsx';
import { estateAdministratorApi } from './api.ts';

type Timeout = TEstateAdministratorSettings['verificationTimeout'];
type RequiredDocument = (typeof REQUIRED_DOCUMENT_OPTIONS)[number];
const TIMEOUT_KEYS = Object.keys(VERIFICATION_TIMEOUTS) as Timeout[];

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** The server names nested fields by path ("requiredDocuments.0"); each shows by its top-level control. */
function byTopLevelField(fields: Record<string, string>): Partial<Record<keyof TEstateAdministratorSettings, string>> {
  const top: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) top[key.split('.')[0] ?? key] ??= message;
  return top;
}

/** Notifications and verification settings, saved together with Save Changes. */
export function EstateAdministratorSettingsForm({ initial }: { initial: TEstateAdministratorSettings }) {
  const [settings, setSettings] = useState(initial);
  const [saved, setSaved] = useState(false);
  const { busy, error, setError, fields: rawFields, setFields, run } = useAction();
  const fields = byTopLevelField(rawFields);
  const id = useId();
  const update = (next: Partial<TEstateAdministratorSettings>) => {
    setSettings((s) => ({ ...s, ...next }));
    setSaved(false);
  };
  const toggleDocument = (doc: RequiredDocument, on: boolean) =>
    update({ requiredDocuments: on ? REQUIRED_DOCUMENT_OPTIONS.filter((d) => d === doc || settings.requiredDocuments.includes(d)) : settings.requiredDocuments.filter((d) => d !== doc) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setError(null);
    const parsed = ZEstateAdministratorSettings.safeParse(settings);
    const problems = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    setFields(problems);
    if (!parsed.success) return;
    await run(async () => {
      setSettings(await estateAdministratorApi.saveSettings(parsed.data));
      setSaved(true);
    });
  }

  const docsErrorId = `${id}-documents-error`;
  const emailErrorId = `${id}-email-error`;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-8">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid items-start gap-8 xl:grid-cols-2">
        <Card title="Notifications" description="How you hear about what happens on the estates in your care.">
          <div className="space-y-6">
            <div className="flex gap-3">
              <div className="flex h-6 items-center">
                <input
                  id={`${id}-email`}
                  type="checkbox"
                  checked={settings.emailNotifications}
                  onChange={(e) => update({ emailNotifications: e.target.checked })}
                  aria-describedby={[`${id}-email-description`, fields.emailNotifications ? emailErrorId : ''].filter(Boolean).join(' ')}
                  aria-invalid={fields.emailNotifications ? true : undefined}
                  className="size-4 rounded border-stone-300 accent-[var(--accent-solid)]"
                />
              </div>
              <div className="text-sm">
                <label htmlFor={`${id}-email`} className="font-medium text-stone-900">
                  Email notifications
                </label>
                <p id={`${id}-email-description`} className="text-stone-600">
                  Email me when an alert is raised, as well as showing it in Alerts.
                </p>
                <FieldError id={emailErrorId} message={fields.emailNotifications} />
              </div>
            </div>
            <div>
              <AlertCheckboxes value={settings.alerts} onChange={(key, on) => update({ alerts: { ...settings.alerts, [key]: on } })} />
              <FieldError id={`${id}-alerts-error`} message={fields.alerts} />
            </div>
          </div>
        </Card>

        <Card title="Verification" description="How documents reported for an estate are reviewed.">
          <div className="space-y-6">
            <SelectField
              label="Verification timeout"
              hint="Documents not reviewed within this time are marked High priority and raise an alert."
              value={settings.verificationTimeout}
              error={fields.verificationTimeout}
              onChange={(e) => update({ verificationTimeout: e.target.value as Timeout })}
            >
              {TIMEOUT_KEYS.map((k) => (
                <option key={k} value={k}>
                  {VERIFICATION_TIMEOUTS[k]}
                </option>
              ))}
            </SelectField>
            <fieldset aria-describedby={fields.requiredDocuments ? docsErrorId : undefined}>
              <legend className="text-sm font-medium text-stone-900">Required documents</legend>
              <p className="mt-1 text-sm text-stone-600">An estate moves to Activation Pending once each of these is verified.</p>
              <div className="mt-3 space-y-3">
                {REQUIRED_DOCUMENT_OPTIONS.map((doc) => (
                  <label key={doc} className="flex items-center gap-3 text-sm font-medium text-stone-900">
                    <input
                      type="checkbox"
                      checked={settings.requiredDocuments.includes(doc)}
                      onChange={(e) => toggleDocument(doc, e.target.checked)}
                      aria-invalid={fields.requiredDocuments ? true : undefined}
                      className="size-4 rounded border-stone-300 accent-[var(--accent-solid)]"
                    />
                    {doc}
                  </label>
                ))}
              </div>
              <FieldError id={docsErrorId} message={fields.requiredDocuments} />
            </fieldset>
          </div>
        </Card>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" loading={busy}>
          Save Changes
        </Button>
        <p role="status" className="text-sm font-medium text-green-800">
          {saved ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}
