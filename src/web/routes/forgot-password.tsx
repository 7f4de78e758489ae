import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZForgotPasswordRequest } from '../../core/account-links.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { TextField } from '../components/ui/field.tsx';
import { accountApi } from '../features/account/api.ts';
import { DemoMailNote } from '../features/demo-mail/demo-mail-note.tsx';
import { fieldErrorsFromIssues, formText } from '../lib/form.ts';
import { useAction } from '../lib/use-action.ts';

/**
 * "Forgot password?": asks for the address and always gives the same answer, whether or not it
 * has an account (the server answers alike too).
 */
export function Component() {
  const { busy, error, fields, setFields, run } = useAction();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZForgotPasswordRequest.safeParse({ email: formText(new FormData(event.currentTarget), 'email') });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFields({});
    if (await run(() => accountApi.forgotPassword(parsed.data.email))) setSentTo(parsed.data.email);
  }

  const footer = (
    <>
      Remembered it?{' '}
      <Link to="/sign-in" className="font-semibold text-accent-text hover:underline">
        Back to sign in
      </Link>
    </>
  );

  if (sentTo) {
    return (
      <CenteredPage title="Check your email" footer={footer}>
        <div role="status" className="space-y-4 text-base text-stone-700">
          <p>
            If <strong className="break-all">{sentTo}</strong> belongs to an account, we have sent it a link to choose a new password.
          </p>
          <p>The link works once, for 60 minutes. Nothing arrived? Check your spam folder, or ask again in a few minutes.</p>
          <DemoMailNote to={sentTo} />
        </div>
      </CenteredPage>
    );
  }

  return (
    <CenteredPage title="Forgot your password?" description="Enter the email address of your account and we will send you a link to choose a new password." footer={footer}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField label="Email address" name="email" type="email" autoComplete="email" required error={fields.email} />
        <Button type="submit" loading={busy} className="w-full">
          Send reset link
        </Button>
      </form>
    </CenteredPage>
  );
}
