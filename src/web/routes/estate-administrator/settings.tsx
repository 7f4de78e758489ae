import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { TUserSettings } from '../../../core/settings.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { EmailAddressCard } from '../../features/account/email-address-card.tsx';
import { estateAdministratorApi } from '../../features/estate-administrator/api.ts';
import { EstateAdministratorSettingsForm } from '../../features/estate-administrator/settings-form.tsx';
import { securityApi } from '../../features/security/api.ts';
import { TwoFactorDisableDialog, TwoFactorSetupDialog } from '../../features/security/two-factor-dialogs.tsx';
import { settingsApi } from '../../features/settings/api.ts';
import { SecurityCard } from '../../features/settings/security-card.tsx';

export async function loader() {
  const [settings, account, security] = await Promise.all([estateAdministratorApi.settings(), settingsApi.get(), securityApi.overview()]);
  return { settings, account, security };
}

/** Settings: security, notifications and verification settings. */
export function Component() {
  const { settings, account: loaded, security } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [account, setAccount] = useState<TUserSettings>(loaded);
  const [savingLoginAlerts, setSavingLoginAlerts] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [twoFactorDialog, setTwoFactorDialog] = useState<'setup' | 'disable' | null>(null);

  async function setLoginAlerts(on: boolean) {
    const before = account;
    setAccount({ ...account, loginAlerts: on });
    setSavingLoginAlerts(true);
    try {
      setAccount(await settingsApi.update({ loginAlerts: on }));
      setNotice(null);
    } catch (e) {
      setAccount(before);
      setNotice({ tone: 'error', text: e instanceof ApiError ? e.message : 'That setting could not be saved.' });
    } finally {
      setSavingLoginAlerts(false);
    }
  }

  return (
    <div className="space-y-8">
      <PageHeader title="Settings" description="How your account is protected, how you are told about new things, and how documents are verified." />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <div className="grid items-start gap-8 xl:grid-cols-2">
        <SecurityCard
          twoFactorEnabled={security.twoFactorEnabled}
          onTwoFactorChange={(on) => setTwoFactorDialog(on ? 'setup' : 'disable')}
          loginAlerts={account.loginAlerts}
          loginAlertsBusy={savingLoginAlerts}
          onLoginAlertsChange={(on) => void setLoginAlerts(on)}
        />
        <EmailAddressCard />
      </div>
      <EstateAdministratorSettingsForm initial={settings} />

      <TwoFactorSetupDialog
        open={twoFactorDialog === 'setup'}
        onClose={() => {
          setTwoFactorDialog(null);
          void revalidator.revalidate();
        }}
        onEnabled={() => setNotice({ tone: 'success', text: 'Two-factor authentication is on.' })}
      />
      <TwoFactorDisableDialog
        open={twoFactorDialog === 'disable'}
        onClose={() => setTwoFactorDialog(null)}
        onDisabled={() => {
          setTwoFactorDialog(null);
          setNotice({ tone: 'success', text: 'Two-factor authentication is off.' });
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
