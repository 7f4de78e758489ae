import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZResetPasswordRequest } from '../../core/account-links.schemas.ts';
import { PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { EmailedLinkPage, useEmailedLinkToken } from '../components/ui/emailed-link-page.tsx';
import { TextField } from '../components/ui/field.tsx';
import { accountApi } from '../features/account/api.ts';
import { fieldErrorsFromIssues, formText } from '../lib/form.ts';
import { useAction } from '../lib/use-action.ts';

/**
 * The page the reset email links to (`/reset-password#<token>`; the token stays in the fragment,
 * out of server logs). A new password ends every session; the user then signs in with it.
 */
export function Component() {
  const token = useEmailedLinkToken();
  const { busy, error, fields, setFields, run } = useAction();
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, 'password');
    if (password !== formText(form, 'confirm')) {
      setFields({ confirm: 'The two passwords are not the same' });
      return;
    }
    const parsed = ZResetPasswordRequest.safeParse({ token, password });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFields({});
    if (await run(() => accountApi.resetPassword(parsed.data.token, parsed.data.password))) setDone(true);
  }

  const askAgain = (
    <>
      Link expired?{' '}
      <Link to="/forgot-password" className="font-semibold text-accent-text hover:underline">
        Ask for a new one
      </Link>
    </>
  );

  return (
    <EmailedLinkPage
      token={token}
      title="Choose a new password"
      description="Setting a new password signs you out on every device."
      footer={askAgain}
      incompleteHint="Open the link from the email again, or ask for a new one."
      done={
        done && {
          title: 'Your password was changed',
          body: (
            <>
              <p>You were signed out everywhere. Sign in with your new password.</p>
              <Link to="/sign-in" className={buttonClasses('primary', 'md', 'w-full')}>
                Sign in
              </Link>
            </>
          ),
        }
      }
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={fields.password}
        />
        <TextField label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" required error={fields.confirm} />
        <Button type="submit" loading={busy} className="w-full">
          Set new password
        </Button>
      </form>
    </EmailedLinkPage>
  );
}
