import { useState } from 'react';
import { Link } from 'react-router';
import type { TConfirmEmailResponse } from '../../core/account-links.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { EmailedLinkPage, useEmailedLinkToken } from '../components/ui/emailed-link-page.tsx';
import { accountApi } from '../features/account/api.ts';
import { refreshSession } from '../lib/session.ts';
import { useAction } from '../lib/use-action.ts';

/**
 * The page verification and email-change emails link to (`/verify-email#<token>`). One deliberate
 * click confirms, so a mail scanner opening the link confirms nothing.
 */
export function Component() {
  const token = useEmailedLinkToken();
  const { busy, error, run } = useAction();
  const [result, setResult] = useState<TConfirmEmailResponse | null>(null);

  async function confirm() {
    await run(async () => {
      setResult(await accountApi.confirmEmail(token));
      await refreshSession();
    });
  }

  return (
    <EmailedLinkPage
      token={token}
      title="Confirm your email address"
      description="Confirm that this address is yours, for your account."
      incompleteHint="Open the link from the email again."
      done={
        result && {
          title: result.changed ? 'Your email address was changed' : 'Your email address is confirmed',
          body: (
            <>
              <p>
                {result.changed ? 'You now sign in with ' : 'Thank you: '}
                <strong className="break-all">{result.email}</strong>
                {result.changed ? '.' : ' is confirmed.'}
              </p>
              <Link to="/sign-in" className="font-semibold text-accent-text hover:underline">
                Go to sign in
              </Link>
            </>
          ),
        }
      }
    >
      <div className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <Button onClick={() => void confirm()} loading={busy} className="w-full">
          Confirm email address
        </Button>
      </div>
    </EmailedLinkPage>
  );
}
