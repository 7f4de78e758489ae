import { ShieldCheckIcon, ShieldExclamationIcon, UsersIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { TSecurityPolicyView } from '../../../core/security-policy.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';
import { securityPolicyApi } from '../../features/security-policy/api.ts';
import { SessionAndLockoutForm } from '../../features/security-policy/policy-form.tsx';
import { ToggleRow } from '../../features/settings/toggle-row.tsx';
import { ApiError } from '../../lib/api.ts';
import { refreshSession } from '../../lib/session.ts';

export function loader() {
  return securityPolicyApi.get();
}

/**
 * Security: the platform's policy — require two-factor (wireframe toggle), the session timeout
 * (wireframe text, with the configured minutes) and lock-out. Every change is audit-logged by the
 * server with its old and new value.
 */
export function Component() {
  const [view, setView] = useState<TSecurityPolicyView>(useLoaderData<typeof loader>());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { policy } = view;

  async function setRequireTwoFactor(on: boolean) {
    setBusy(true);
    try {
      setView(await securityPolicyApi.save({ ...policy, requireTwoFactor: on }));
      // The policy may now hold this admin too (no two-factor yet): the next navigation knows.
      await refreshSession();
      setNotice({
        tone: 'success',
        text: on ? 'Two-factor authentication is now required. Users without it are led into setup.' : 'Two-factor authentication is no longer required.',
      });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const withTwoFactor = view.activeUsers - view.usersWithoutTwoFactor;
  return (
    <div className="space-y-8">
      <PageHeader title="Security" description="The platform's security policy: two-factor authentication, automatic logout, and lock-out after failed sign-ins." />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>

      <StatTiles
        label="Two-factor authentication across the platform"
        tiles={[
          { label: 'Active users', value: view.activeUsers, icon: UsersIcon, tone: 'bg-sky-50 text-sky-700' },
          { label: 'With two-factor', value: withTwoFactor, icon: ShieldCheckIcon, tone: 'bg-green-50 text-green-700' },
          { label: 'Without two-factor', value: view.usersWithoutTwoFactor, icon: ShieldExclamationIcon, tone: 'bg-amber-50 text-amber-700' },
        ]}
      />

      <Card title="Two-factor authentication">
        <ToggleRow
          label="Require two-factor authentication"
          description={
            policy.requireTwoFactor
              ? `Required. ${view.usersWithoutTwoFactor} active ${view.usersWithoutTwoFactor === 1 ? 'user has' : 'users have'} not set it up yet and will be led into setup before anything else.`
              : `Not required. ${view.usersWithoutTwoFactor} of ${view.activeUsers} active users do not have it.`
          }
          checked={policy.requireTwoFactor}
          busy={busy}
          onChange={(on) => (on ? setConfirming(true) : void setRequireTwoFactor(false))}
        />
      </Card>

      <SessionAndLockoutForm
        key={JSON.stringify(policy)}
        view={view}
        onSaved={(saved) => {
          setView(saved);
          setNotice(null);
        }}
      />

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Require two-factor authentication?"
        description={`${view.usersWithoutTwoFactor} active ${view.usersWithoutTwoFactor === 1 ? 'user does' : 'users do'} not have two-factor yet.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void setRequireTwoFactor(true)} loading={busy}>
              Require two-factor
            </Button>
          </>
        }
      >
        <p className="text-sm text-stone-700">
          From their next request, everyone without two-factor — you too, if you have not set it up — is led into setup with an authenticator app and can do
          nothing else until it is on. Sessions that are open now are included.
        </p>
      </Dialog>
    </div>
  );
}
