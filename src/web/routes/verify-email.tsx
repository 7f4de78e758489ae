import { useState } from 'react';
import { Link } from 'react-router';
import type { TConfirmEmailResponse } from '../../core/account-links.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { accountApi, tokenFromFragment } from '../features/account/api.ts';
import { refreshSession } from '../lib/session.ts';
import { useAction } from '../lib/use-action.ts';

/**
 * The page verification and email-change emails link to (`/verify-email#<token>`). One deliberate
 * click confirms, so a mail scanner opening the link confirms nothing.
 */
export function Component() {
  const [token] = useState(tokenFromFragment);
  const { busy, error, run } = useAction();
  const [result, setResult] = useState<TConfirmEmailResponse | null>(null);

  async function confirm() {
    await run(async () => {
      setResult(await accountApi.confirmEmail(token));
      await refreshSession();
    });
  }

  if (result) {
    return (
      <CenteredPage title={result.changed ? 'Your email address was changed' : 'Your email address is confirmed'}>
        <div role="status" className="space-y-5 text-base text-stone-700">
          <p>
            {result.changed ? 'You now sign in with ' : 'Thank you: '}
            <strong className="break-all">{result.email}</strong>
            {result.changed ? '.' : ' is confirmed.'}
          </p>
          <Link to="/sign-in" className="font-semibold text-accent-text hover:underline">
            Go to sign in
          </Link>
        </div>
      </CenteredPage>
    );
  }

  return (
    <CenteredPage title="Confirm your email address" description="Confirm that this address is yours, for your account.">
      <div className="space-y-5">
        {!token && <Alert tone="error">This link is incomplete. Open the link from the email again.</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <Button onClick={() => void confirm()} loading={busy} disabled={!token} className="w-full">
          Confirm email address
        </Button>
      </div>
    </CenteredPage>
  );
}
