import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { tokenFromFragment } from '../features/account/api.ts';
import { checkInApi } from '../features/check-in/api.ts';
import { useAction } from '../lib/use-action.ts';

/**
 * The page a check-in reminder links to (`/check-in#<token>`). One deliberate press checks in, so a
 * mail scanner opening the link checks no one in (ADR 0046).
 */
export function Component() {
  const [token] = useState(tokenFromFragment);
  const { busy, error, run } = useAction();
  const [name, setName] = useState<string | null>(null);

  if (name !== null) {
    return (
      <CenteredPage title="Thank you, you are checked in">
        <div role="status" className="space-y-5 text-base text-stone-700">
          <p>{name ? `${name}, your` : 'Your'} check-in is recorded and your next period has started. Nobody will be asked about you.</p>
          <Link to="/sign-in" className="font-semibold text-accent-text hover:underline">
            Go to sign in
          </Link>
        </div>
      </CenteredPage>
    );
  }
  return (
    <CenteredPage title="Check in" description="Let us know you are well: press the button below.">
      <div className="space-y-5">
        {!token && <Alert tone="error">This link is incomplete. Open the link from the email again, or sign in: signing in also counts.</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <Button onClick={() => void run(async () => setName((await checkInApi.followLink(token)).name))} loading={busy} disabled={!token} className="w-full">
          I&apos;m here
        </Button>
      </div>
    </CenteredPage>
  );
}
