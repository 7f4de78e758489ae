import { BellIcon, ClipboardDocumentListIcon, KeyIcon, LockOpenIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { TBeneficiarySettings, TUpdateBeneficiarySettingsRequest } from '../../../core/beneficiary-settings.schemas.ts';
import { NOTIFICATION_FREQUENCIES, NOTIFICATION_METHODS } from '../../../core/constants.ts';
import { NOTIFICATION_FREQUENCY_KEYS, NOTIFICATION_METHOD_KEYS } from '../../../core/notifications.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { EmailAddressCard } from '../../features/account/email-address-card.tsx';
import { beneficiarySettingsApi } from '../../features/beneficiary-settings/api.ts';
import { ProfileForm } from '../../features/beneficiary-settings/profile-form.tsx';
import { ChangePasswordDialog } from '../../features/security/change-password-dialog.tsx';
import { LogList } from '../../features/security/log-list.tsx';
import { TwoFactorDisableDialog, TwoFactorSetupDialog } from '../../features/security/two-factor-dialogs.tsx';
import { SecurityCard } from '../../features/settings/security-card.tsx';
import { ToggleRow } from '../../features/settings/toggle-row.tsx';
import { ContentAccessDialog } from '../../features/shared-content/content-access-dialog.tsx';

export function loader() {
  return beneficiarySettingsApi.get();
}

type Notice = { tone: 'success' | 'error'; text: string } | null;
type Open = 'password' | 'access' | 'activity' | 'setup-2fa' | 'disable-2fa' | null;

/** Account Settings: profile, security toggles, how and when notifications reach you, and quick actions. */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [settings, setSettings] = useState<TBeneficiarySettings>(loaded);
  const [saving, setSaving] = useState<keyof TUpdateBeneficiarySettingsRequest | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [open, setOpen] = useState<Open>(null);
  if (loaded.twoFactorEnabled !== settings.twoFactorEnabled && saving === null) setSettings({ ...settings, twoFactorEnabled: loaded.twoFactorEnabled });

  async function save<K extends keyof TUpdateBeneficiarySettingsRequest>(key: K, value: TUpdateBeneficiarySettingsRequest[K]) {
    const before = settings;
    setSettings({ ...settings, [key]: value });
    setSaving(key);
    try {
      setSettings(await beneficiarySettingsApi.update({ [key]: value }));
      setNotice({ tone: 'success', text: 'Saved.' });
    } catch (e) {
      setSettings(before);
      setNotice({ tone: 'error', text: e instanceof ApiError ? (e.fields ? Object.values(e.fields)[0] ?? e.message : e.message) : 'That setting could not be saved.' });
    } finally {
      setSaving(null);
    }
  }


  return (
    <div className="space-y-8">
      <PageHeader title="Account Settings" description="Your details, how your account is protected, and how we tell you about new things." />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>

      <div className="grid items-start gap-8 xl:grid-cols-2">
        <Card title="Profile">
          <ProfileForm
            key={`${settings.fullName}|${settings.email}|${settings.phone}`}
            settings={settings}
            onSaved={(s, message) => {
              setSettings(s);
              setNotice({ tone: 'success', text: message });
            }}
          />
        </Card>

        <div className="space-y-8">
          <EmailAddressCard />
          <SecurityCard
            twoFactorEnabled={settings.twoFactorEnabled}
            onTwoFactorChange={(on) => setOpen(on ? 'setup-2fa' : 'disable-2fa')}
            loginAlerts={settings.loginAlerts}
            loginAlertsBusy={saving === 'loginAlerts'}
            onLoginAlertsChange={(on) => void save('loginAlerts', on)}
          />

          <Card title="Notifications">
            <div className="divide-y divide-stone-100">
              <ToggleRow
                label="New content notifications"
                description="Email or text me when a memory or document is shared with me."
                checked={settings.newContentNotifications}
                busy={saving === 'newContentNotifications'}
                onChange={(on) => void save('newContentNotifications', on)}
              />
              <ToggleRow
                label="Download notifications"
                description="Tell me whenever a file is downloaded with my account."
                checked={settings.downloadNotifications}
                busy={saving === 'downloadNotifications'}
                onChange={(on) => void save('downloadNotifications', on)}
              />
            </div>
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              <SelectField
                label="Notification method"
                value={settings.notificationMethod}
                disabled={saving === 'notificationMethod'}
                onChange={(e) => void save('notificationMethod', e.target.value as TBeneficiarySettings['notificationMethod'])}
              >
                {NOTIFICATION_METHOD_KEYS.map((k) => (
                  <option key={k} value={k}>
                    {NOTIFICATION_METHODS[k]}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Frequency"
                value={settings.notificationFrequency}
                disabled={saving === 'notificationFrequency'}
                onChange={(e) => void save('notificationFrequency', e.target.value as TBeneficiarySettings['notificationFrequency'])}
              >
                {NOTIFICATION_FREQUENCY_KEYS.map((k) => (
                  <option key={k} value={k}>
                    {NOTIFICATION_FREQUENCIES[k]}
                  </option>
                ))}
              </SelectField>
            </div>
          </Card>
        </div>
      </div>

      <Card title="Quick Actions">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Button variant="secondary" onClick={() => setOpen('password')} className="justify-start">
            <KeyIcon aria-hidden="true" className="size-5 text-stone-500" />
            Change Password
          </Button>
          <Button variant="secondary" onClick={() => setOpen('access')} className="justify-start">
            <LockOpenIcon aria-hidden="true" className="size-5 text-stone-500" />
            Content Access
          </Button>
          <Link to="/beneficiary/notifications?view=archived" className={buttonClasses('secondary', 'md', 'justify-start')}>
            <BellIcon aria-hidden="true" className="size-5 text-stone-500" />
            Notification History
          </Link>
          <Button variant="secondary" onClick={() => setOpen('activity')} className="justify-start">
            <ClipboardDocumentListIcon aria-hidden="true" className="size-5 text-stone-500" />
            Activity Log
          </Button>
        </div>
      </Card>

      <ChangePasswordDialog open={open === 'password'} onClose={() => setOpen(null)} onChanged={(message) => setNotice({ tone: 'success', text: message })} />
      <ContentAccessDialog open={open === 'access'} onClose={() => setOpen(null)} />
      <Dialog open={open === 'activity'} onClose={() => setOpen(null)} size="lg" title="Activity Log" description="What was done with your account, newest first." footer={<Button variant="secondary" onClick={() => setOpen(null)}>Close</Button>}>
        {open === 'activity' && <LogList kind="activity" />}
      </Dialog>
      <TwoFactorSetupDialog
        open={open === 'setup-2fa'}
        onClose={() => setOpen(null)}
        onEnabled={() => {
          setNotice({ tone: 'success', text: 'Two-factor authentication is on.' });
          void revalidator.revalidate();
        }}
      />
      <TwoFactorDisableDialog
        open={open === 'disable-2fa'}
        onClose={() => setOpen(null)}
        onDisabled={() => {
          setNotice({ tone: 'success', text: 'Two-factor authentication is off.' });
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
