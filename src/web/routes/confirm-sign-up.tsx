import { Form, Link, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import type { TSessionUser } from '../../core/auth.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { EmailedLinkPage, useEmailedLinkToken } from '../components/ui/emailed-link-page.tsx';
import { api, ApiError } from '../lib/api.ts';
import { TextField } from '../components/ui/field.tsx';
import { formText, type FieldErrors } from '../lib/form.ts';
import { homePathFor, refreshSession } from '../lib/session.ts';

interface ConfirmResult {
  error?: string | undefined;
  fields?: FieldErrors | undefined;
}

export async function action({ request }: ActionFunctionArgs): Promise<ConfirmResult | Response> {
  const form = await request.formData();
  const token = formText(form, 'token').trim();
  const password = formText(form, 'password');
  if (!token) return { error: 'This link is incomplete. Open the link from the email again, or sign up again to get a new one.' };
  if (!password) return { fields: { password: 'Enter the password you chose when you signed up' } };
  try {
    const { user } = await api.post<{ user: TSessionUser }>('/api/v1/auth/sign-up/confirm', { token, password });
    await refreshSession();
    return redirect(homePathFor(user));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    return error.fields ? { fields: error.fields } : { error: error.message };
  }
}

/**
 * The page the sign-up email links to (`/sign-up/confirm#<token>`). The token stays in the
 * fragment, so it never reaches a server log; the password chosen at sign-up and one deliberate
 * click create the account, so neither a mail scanner nor a stranger's sign-up with your address can.
 */
export function Component() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const token = useEmailedLinkToken();
  return (
    <EmailedLinkPage
      token={token}
      incompleteHint="Open the link from the email again, or sign up again to get a new one."
      title="Finish creating your account"
      description="Your email address is confirmed by this link. Enter the password you chose, and your account is ready."
      footer={
        <>
          Link expired?{' '}
          <Link to="/sign-up" className="font-semibold text-accent-text hover:underline">
            Sign up again
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-5">
        {result?.error && <Alert tone="error">{result.error}</Alert>}
        <input type="hidden" name="token" value={token} />
        <TextField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          hint="The password you chose when you signed up. It proves this sign-up is yours."
          error={result?.fields?.password}
        />
        <Button type="submit" loading={submitting} className="w-full">
          Create my account
        </Button>
      </Form>
    </EmailedLinkPage>
  );
}
