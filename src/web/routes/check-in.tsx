import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { EmailedLinkPage, useEmailedLinkToken } from '../components/ui/emailed-link-page.tsx';
import { checkInApi } from '../features/check-in/api.ts';
import { useAction } from '../lib/use-action.ts';

/**
 * The page a check-in reminder links to (`/check-in#<token>`). One deliberate press checks in, so a
 * mail scanner opening the link checks no one in (ADR 0046).
 */
export function Component() {
  const token = useEmailedLinkToken();
  const { busy, error, run } = useAction();
  const [name, setName] = useState<string | null>(null);

  return (
    <EmailedLinkPage
      token={token}
      title="Check in"
      description="Let us know you are well: press the button below."
      incompleteHint="Open the link from the email again, or sign in: signing in also counts."
      done={
        name !== null && {
          title: 'Thank you, you are checked in',
          body: (
            <>
              <p>{name ? `${name}, your` : 'Your'} check-in is recorded and your next period has started. Nobody will be asked about you.</p>
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
        <Button onClick={() => void run(async () => setName((await checkInApi.followLink(token)).name))} loading={busy} className="w-full">
          I&apos;m here
        </Button>
      </div>
    </EmailedLinkPage>
  );
}
