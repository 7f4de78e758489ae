import { ShieldCheckIcon, ShieldExclamationIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, useRevalidator } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmailAddressCard } from '../../features/account/email-address-card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { securityApi } from '../../features/security/api.ts';
import { ChangePasswordDialog } from '../../features/security/change-password-dialog.tsx';
import { dateTime } from '../../features/security/format.ts';
import { LogList } from '../../features/security/log-list.tsx';
import { SessionList, WhoCanSeeWhat } from '../../features/security/manage-access.tsx';
import { TwoFactorDisableDialog, TwoFactorSetupDialog } from '../../features/security/two-factor-dialogs.tsx';

export async function loader() {
  const [overview, access] = await Promise.all([securityApi.overview(), securityApi.access()]);
  return { overview, access };
}

/** Security: two-factor, password, Manage Access (devices, who can see what), Security Log, Activity Log. */
export function Component() {
  const { overview, access } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [dialog, setDialog] = useState<'setup' | 'disable' | 'password' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  // Quick actions on Account Settings link to a section here.
  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  const changed = (text: string) => {
    setNotice(text);
    setRefreshKey((k) => k + 1);
    void revalidator.revalidate();
  };

  return (
    <div className="space-y-8">
      <PageHeader title="Security" description="Protect your account, see where you are signed in and who can see what, and review what happened." />
      {notice && <Alert tone="success">{notice}</Alert>}

      <div className="grid gap-8 xl:grid-cols-2">
        <Card
          title="Two-factor authentication"
          actions={
            overview.twoFactorEnabled ? (
              <Button variant="secondary" onClick={() => setDialog('disable')}>
                Turn off two-factor
              </Button>
            ) : (
              <Button onClick={() => setDialog('setup')}>Turn on two-factor</Button>
            )
          }
        >
          <div className="flex items-start gap-3">
            {overview.twoFactorEnabled ? (
              <ShieldCheckIcon aria-hidden="true" className="size-6 shrink-0 text-green-700" />
            ) : (
              <ShieldExclamationIcon aria-hidden="true" className="size-6 shrink-0 text-amber-600" />
            )}
            <div className="text-sm text-stone-700">
              {overview.twoFactorEnabled ? (
                <>
                  <p className="font-medium text-stone-900">On since {dateTime(overview.twoFactorEnabledAt!)}.</p>
                  <p className="mt-1">
                    {overview.recoveryCodesRemaining} of 10 recovery codes left.
                    {overview.recoveryCodesRemaining <= 3 && ' Turn two-factor off and on again to get new ones.'}
                  </p>
                </>
              ) : (
                <p>Off. Anyone who learns your password can sign in. A code from an authenticator app stops them.</p>
              )}
            </div>
          </div>
        </Card>

        <Card
          title="Password"
          actions={
            <Button variant="secondary" onClick={() => setDialog('password')}>
              Change Password
            </Button>
          }
        >
          <p className="text-sm text-stone-700">Use a long password you use nowhere else. Changing it signs you out everywhere else.</p>
        </Card>
        <EmailAddressCard />
      </div>

      <div id="manage-access" className="scroll-mt-24">
        <Card title="Manage Access" description="The devices signed in to your account, and what each beneficiary can see.">
          <div className="space-y-8">
            <section aria-labelledby="devices-heading">
              <h3 id="devices-heading" className="text-sm font-semibold text-stone-900">
                Signed-in devices
              </h3>
              <div className="mt-2">
                <SessionList sessions={access.sessions} onChanged={changed} />
              </div>
            </section>
            <section aria-labelledby="who-heading">
              <h3 id="who-heading" className="text-sm font-semibold text-stone-900">
                Who can see what
              </h3>
              <div className="mt-3">
                <WhoCanSeeWhat beneficiaries={access.beneficiaries} />
              </div>
            </section>
          </div>
        </Card>
      </div>

      <div className="grid gap-8 xl:grid-cols-2">
        <div id="security-log" className="scroll-mt-24">
          <Card title="Security Log" description="Sign-ins and security changes on your account.">
            <LogList kind="security" refreshKey={refreshKey} />
          </Card>
        </div>
        <div id="activity-log" className="scroll-mt-24">
          <Card title="Activity Log" description="What you added and changed in your estate.">
            <LogList kind="activity" refreshKey={refreshKey} />
          </Card>
        </div>
      </div>

      <TwoFactorSetupDialog
        open={dialog === 'setup'}
        onClose={() => {
          setDialog(null);
          void revalidator.revalidate();
          setRefreshKey((k) => k + 1);
        }}
        onEnabled={() => setNotice('Two-factor authentication is on.')}
      />
      <TwoFactorDisableDialog
        open={dialog === 'disable'}
        onClose={() => setDialog(null)}
        onDisabled={() => {
          setDialog(null);
          changed('Two-factor authentication is off.');
        }}
      />
      <ChangePasswordDialog
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        onChanged={(text) => {
          setDialog(null);
          changed(text);
        }}
      />
    </div>
  );
}
