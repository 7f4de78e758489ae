import { useState } from 'react';
import { PREFERENCE_LABELS, type PreferenceKey, type TNotificationPreferences } from '../../../core/notifications.schemas.ts';
import { Card } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { notificationsApi } from './api.ts';

const DESCRIPTIONS: Record<PreferenceKey, string> = {
  newMemories: 'When someone shares a memory with you',
  documentUpdates: 'When a document is shared with you',
  newMessages: 'When you receive a message or a letter',
};

/** The preference checkboxes: which notifications are created from now on (saved at once). */
export function PreferencesCard({ initial }: { initial: TNotificationPreferences }) {
  const [prefs, setPrefs] = useState(initial);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<PreferenceKey | null>(null);

  async function change(key: PreferenceKey, value: boolean) {
    setBusy(key);
    setStatus(null);
    const before = prefs;
    setPrefs({ ...prefs, [key]: value });
    try {
      setPrefs(await notificationsApi.savePreferences({ [key]: value }));
      setStatus({ tone: 'ok', text: 'Preferences saved.' });
    } catch (e) {
      setPrefs(before);
      setStatus({ tone: 'error', text: e instanceof ApiError ? e.message : 'Your preferences could not be saved.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title="Notification Preferences" description="Choose what you want to be notified about.">
      <fieldset>
        <legend className="sr-only">Notify me about</legend>
        <div className="space-y-4">
          {(Object.keys(PREFERENCE_LABELS) as PreferenceKey[]).map((key) => (
            <div key={key} className="flex gap-3">
              <div className="flex h-6 items-center">
                <input
                  id={`pref-${key}`}
                  type="checkbox"
                  checked={prefs[key]}
                  disabled={busy !== null}
                  onChange={(e) => void change(key, e.target.checked)}
                  aria-describedby={`pref-${key}-description`}
                  className="size-4 rounded border-stone-300 accent-[var(--accent-solid)]"
                />
              </div>
              <div className="text-sm">
                <label htmlFor={`pref-${key}`} className="font-medium text-stone-900">
                  {PREFERENCE_LABELS[key]}
                </label>
                <p id={`pref-${key}-description`} className="text-stone-600">
                  {DESCRIPTIONS[key]}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <p role="status" className={`mt-4 min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700' : 'text-stone-600'}`}>
        {status?.text}
      </p>
    </Card>
  );
}
