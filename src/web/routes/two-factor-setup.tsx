import { useState } from 'react';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { TwoFactorSetupDialog } from '../features/security/two-factor-dialogs.tsx';
import { getSession, homePathFor, nextOf, refreshSession, signInHref, signOut, TWO_FACTOR_SETUP_PATH } from '../lib/session.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await refreshSession();
  const next = nextOf(new URL(request.url));
  if (!session.user) throw redirect(signInHref(next ?? TWO_FACTOR_SETUP_PATH));
  if (!session.twoFactorSetupRequired) throw redirect(next ?? homePathFor(session.user));
  return { systemName: session.systemName, next: next ?? homePathFor(session.user) };
}

/**
 * Where a user without two-factor is held while the platform requires it (the server refuses
 * everything else with 403 TWO_FACTOR_SETUP_REQUIRED). The owner Security page's setup dialog does
 * the work; afterwards the user goes on to where they were going.
 */
export function Component() {
  const { systemName, next } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [enabled, setEnabled] = useState(false);

  async function close() {
    setOpen(false);
    if (!enabled) return;
    const session = await getSession();
    void navigate(session.user ? next : '/sign-in');
  }

  return (
    <CenteredPage
      title="Set up two-factor authentication"
      description={`${systemName} now requires two-factor authentication for every account. Set it up to continue: it takes a minute with an authenticator app on your phone.`}
    >
      <div className="space-y-3">
        <Button className="w-full" onClick={() => setOpen(true)}>
          Set up two-factor authentication
        </Button>
        <Button
          variant="ghost"
          className="w-full"
          onClick={() =>
            void signOut().finally(() => {
              void navigate('/sign-in');
            })
          }
        >
          Sign out
        </Button>
      </div>
      <TwoFactorSetupDialog
        open={open}
        onClose={() => void close()}
        onEnabled={() => {
          setEnabled(true);
          void refreshSession();
        }}
      />
    </CenteredPage>
  );
}
