import { useState } from 'react';
import type { TEstateAdministratorSettings } from '../../../core/lifecycle.schemas.ts';
import { Card } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { AlertCheckboxes } from './alert-checkboxes.tsx';
import { estateAdministratorApi } from './api.ts';

/** Alert Settings on the Alerts screen: each checkbox is saved as soon as it changes. */
export function AlertSettingsCard({ initial }: { initial: TEstateAdministratorSettings }) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function change(key: keyof TEstateAdministratorSettings['alerts'], on: boolean) {
    const before = settings;
    const next = { ...settings, alerts: { ...settings.alerts, [key]: on } };
    setSettings(next);
    setBusy(true);
    setStatus(null);
    try {
      setSettings(await estateAdministratorApi.saveSettings(next));
      setStatus({ tone: 'ok', text: 'Saved.' });
    } catch (e) {
      setSettings(before);
      setStatus({ tone: 'error', text: e instanceof ApiError ? e.message : 'Your alert settings could not be saved.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Alert Settings" description="Which events raise an alert for you.">
      <AlertCheckboxes value={settings.alerts} disabled={busy} onChange={(key, on) => void change(key, on)} legend="Alert me about" />
      <p role="status" className={`mt-4 min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700' : 'text-stone-600'}`}>
        {status?.text}
      </p>
    </Card>
  );
}
