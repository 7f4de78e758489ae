import { sealedUntilKits } from '../../../core/seal/seal-words.ts';
import { ChevronRightIcon, ClipboardDocumentListIcon, KeyIcon, ShieldCheckIcon, UsersIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { TUserSettings } from '../../../core/settings.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { securityApi } from '../../features/security/api.ts';
import { ChangePasswordDialog } from '../../features/security/change-password-dialog.tsx';
import { DeleteAccountSection } from '../../features/security/delete-account-section.tsx';
import { TwoFactorDisableDialog, TwoFactorSetupDialog } from '../../features/security/two-factor-dialogs.tsx';
import { CheckInCard } from '../../features/check-in/check-in-card.tsx';
import { IncapacityCard } from '../../features/incapacity/incapacity-card.tsx';
import { LegacyExportCard } from '../../features/legacy-export/legacy-export-card.tsx';
import { settingsApi } from '../../features/settings/api.ts';
import { EstateSettingsForm } from '../../features/settings/estate-settings-form.tsx';
import { SecurityCard } from '../../features/settings/security-card.tsx';
import { ToggleRow } from '../../features/settings/toggle-row.tsx';
import { ReleaseSafeguardsCard } from '../../features/release-safeguards/release-safeguards-card.tsx';
import { getSession } from '../../lib/session.ts';
import { ExecutorCard } from '../../features/executors/executor-card.tsx';
import { InventoryCard } from '../../features/inventory/inventory-card.tsx';
import { MemorialCard } from '../../features/memorial/memorial-card.tsx';
import { DisabledWhenFrozen } from '../../components/ui/estate-frozen.tsx';

export async function loader() {
  const [settings, estate, security, session] = await Promise.all([settingsApi.get(), settingsApi.estate(), securityApi.overview(), getSession()]);
  return { settings, estate, security, estateId: session.user?.estateId ?? null };
}

const SECURITY_PATH = '/estate-owner/security';

const quickActionClasses =
  'group flex w-full items-center gap-3 rounded-lg p-3 text-left ring-1 ring-stone-200 transition-colors hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-solid';

/** Account Settings: security and notification toggles, quick actions, estate activation and release. */
export function Component() {
  const { settings: loaded, estate, security, estateId } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [settings, setSettings] = useState<TUserSettings>(loaded);
  const [saving, setSaving] = useState<keyof TUserSettings | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [twoFactorDialog, setTwoFactorDialog] = useState<'setup' | 'disable' | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);

  async function toggle(key: keyof TUserSettings, value: boolean) {
    const before = settings;
    setSettings({ ...settings, [key]: value });
    setSaving(key);
    try {
      setSettings(await settingsApi.update({ [key]: value }));
      setNotice(null);
    } catch (e) {
      setSettings(before);
      setNotice({ tone: 'error', text: e instanceof ApiError ? e.message : 'That setting could not be saved.' });
    } finally {
      setSaving(null);
    }
  }

  return (
    <div className="space-y-8">
      <PageHeader title="Account Settings" description="How your account is protected, what you are told about, and when your legacy is released." />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      <div className="grid gap-8 xl:grid-cols-2">
        <SecurityCard
          twoFactorEnabled={security.twoFactorEnabled}
          onTwoFactorChange={(on) => setTwoFactorDialog(on ? 'setup' : 'disable')}
          loginAlerts={settings.loginAlerts}
          loginAlertsBusy={saving === 'loginAlerts'}
          onLoginAlertsChange={(on) => void toggle('loginAlerts', on)}
        />

        <Card title="Notifications">
          <div className="divide-y divide-stone-100">
            <ToggleRow
              label="Beneficiary activity notifications"
              description="When a beneficiary accepts an invitation or opens what you shared with them."
              checked={settings.beneficiaryActivity}
              busy={saving === 'beneficiaryActivity'}
              onChange={(on) => void toggle('beneficiaryActivity', on)}
            />
            <ToggleRow
              label="Legacy updates notifications"
              description="Reminders and news about your estate: tasks, verification and activation."
              checked={settings.legacyUpdates}
              busy={saving === 'legacyUpdates'}
              onChange={(on) => void toggle('legacyUpdates', on)}
            />
          </div>
        </Card>
      </div>

      <Card title="Quick Actions">
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <button type="button" className={quickActionClasses} onClick={() => setPasswordOpen(true)}>
            <KeyIcon aria-hidden="true" className="size-6 shrink-0 text-accent-icon" />
            <span className="flex-1 font-medium text-stone-900">Change Password</span>
            <ChevronRightIcon aria-hidden="true" className="size-5 text-stone-400" />
          </button>
          <Link to={`${SECURITY_PATH}#security-log`} className={quickActionClasses}>
            <ShieldCheckIcon aria-hidden="true" className="size-6 shrink-0 text-accent-icon" />
            <span className="flex-1 font-medium text-stone-900">Security Log</span>
            <ChevronRightIcon aria-hidden="true" className="size-5 text-stone-400" />
          </Link>
          <Link to={`${SECURITY_PATH}#manage-access`} className={quickActionClasses}>
            <UsersIcon aria-hidden="true" className="size-6 shrink-0 text-accent-icon" />
            <span className="flex-1 font-medium text-stone-900">Manage Access</span>
            <ChevronRightIcon aria-hidden="true" className="size-5 text-stone-400" />
          </Link>
          <Link to={`${SECURITY_PATH}#activity-log`} className={quickActionClasses}>
            <ClipboardDocumentListIcon aria-hidden="true" className="size-6 shrink-0 text-accent-icon" />
            <span className="flex-1 font-medium text-stone-900">Activity Log</span>
            <ChevronRightIcon aria-hidden="true" className="size-5 text-stone-400" />
          </Link>
        </div>
      </Card>

      <DisabledWhenFrozen className="space-y-8">
        <Card
          title="Estate Activation"
          description="When your estate becomes active, and how the content you kept for afterwards is released to your beneficiaries."
          actions={
            <Link to="/estate-owner/release-plan" className={buttonClasses('secondary', 'sm')}>
              See your Release plan
            </Link>
          }
        >
          <EstateSettingsForm initial={estate} onSaved={() => setNotice(null)} />
        </Card>

        <ReleaseSafeguardsCard />
        <ExecutorCard />
        {estateId && estate.status !== 'active' && <InventoryCard estateId={estateId} />}
        {estateId && estate.status !== 'active' && <MemorialCard estateId={estateId} />}
        <Card
          title="Sealing"
          description={`Seal what matters most so that only your trustees together, with the kits you give them, can open it. ${sealedUntilKits('it')}`}
          actions={
            <Link to="/estate-owner/seal" className={buttonClasses('secondary', 'sm')}>
              Open Sealing
            </Link>
          }
        >
          <p className="text-sm text-stone-600">Your trustees above and the number who must confirm are also those who open your seal.</p>
        </Card>
        <CheckInCard />
        <IncapacityCard />
      </DisabledWhenFrozen>
      <LegacyExportCard twoFactorEnabled={security.twoFactorEnabled} />
      <DisabledWhenFrozen>
        <DeleteAccountSection />
      </DisabledWhenFrozen>

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
      <ChangePasswordDialog
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        onChanged={(text) => {
          setPasswordOpen(false);
          setNotice({ tone: 'success', text });
        }}
      />
    </div>
  );
}
