import { useState, type FormEvent } from 'react';
import { ZSecurityPolicy, type TSecurityPolicy, type TSecurityPolicyView } from '../../../core/security-policy.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { formText, type FieldErrors } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { securityPolicyApi, sessionTimeoutText } from './api.ts';

/** Messages by the full path (`lockout.maxFailures`), as the server names its fields. */
function fieldsByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
}

const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Session timeout and lock-out: the numbers, checked here with the server's own rules, saved together. */
export function SessionAndLockoutForm({ view, onSaved }: { view: TSecurityPolicyView; onSaved: (saved: TSecurityPolicyView) => void }) {
  const { busy, error, fields, setFields, run } = useAction();
  const [saved, setSaved] = useState(false);
  const { policy } = view;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const next: TSecurityPolicy = {
      requireTwoFactor: policy.requireTwoFactor,
      sessionTimeoutMinutes: whole(formText(form, 'sessionTimeoutMinutes')),
      lockout: {
        maxFailures: whole(formText(form, 'maxFailures')),
        windowMinutes: whole(formText(form, 'windowMinutes')),
        lockMinutes: whole(formText(form, 'lockMinutes')),
      },
    };
    const parsed = ZSecurityPolicy.safeParse(next);
    if (!parsed.success) {
      setFields(fieldsByPath(parsed.error.issues));
      return;
    }
    setFields({});
    await run(async () => {
      onSaved(await securityPolicyApi.save(parsed.data));
      setSaved(true);
    });
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Session timeout and lock-out" className="space-y-8">
      <div aria-live="polite">
        {error && <Alert tone="error">{error}</Alert>}
        {saved && <Alert tone="success">The security settings were saved. They apply from the next request.</Alert>}
      </div>
      <div className="grid items-start gap-8 xl:grid-cols-2">
        <Card title="Session timeout" description={<span data-testid="session-timeout-text">{sessionTimeoutText(policy.sessionTimeoutMinutes)}</span>}>
          <div className="space-y-4">
            <TextField
              label="Minutes of inactivity before automatic logout"
              name="sessionTimeoutMinutes"
              type="number"
              inputMode="numeric"
              min={5}
              max={1440}
              defaultValue={policy.sessionTimeoutMinutes}
              hint="5 to 1440. Users are warned a minute before and can stay signed in."
              error={fields.sessionTimeoutMinutes}
            />
          </div>
        </Card>
        <Card title="Lock-out" description="Too many failed sign-ins lock an account for a while; its owner is emailed and an alert is raised.">
          <div className="space-y-4">
            <TextField
              label="Failed attempts before lock-out"
              name="maxFailures"
              type="number"
              inputMode="numeric"
              min={3}
              max={50}
              defaultValue={policy.lockout.maxFailures}
              hint="3 to 50."
              error={fields['lockout.maxFailures']}
            />
            <TextField
              label="Counted within (minutes)"
              name="windowMinutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              defaultValue={policy.lockout.windowMinutes}
              hint="Failures further apart than this start a new count."
              error={fields['lockout.windowMinutes']}
            />
            <TextField
              label="Lock-out duration (minutes)"
              name="lockMinutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              defaultValue={policy.lockout.lockMinutes}
              error={fields['lockout.lockMinutes']}
            />
          </div>
        </Card>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
