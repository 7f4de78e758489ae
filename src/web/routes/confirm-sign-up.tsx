import { Form, Link, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import type { TSessionUser } from '../../core/auth.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { api, ApiError } from '../lib/api.ts';
import { formText } from '../lib/form.ts';
import { homePathFor, refreshSession } from '../lib/session.ts';

interface ConfirmResult {
  error: string;
}

export async function action({ request }: ActionFunctionArgs): Promise<ConfirmResult | Response> {
  const token = formText(await request.formData(), 'token').trim();
  if (!token) return { error: 'This link is incomplete. Open the link from the email again, or sign up again to get a new one.' };
  try {
    const { user } = await api.post<{ user: TSessionUser }>('/api/v1/auth/sign-up/confirm', { token });
    await refreshSession();
    return redirect(homePathFor(user));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    return { error: error.message };
  }
}

/**
 * The page the sign-up email links to (`/sign-up/confirm#<token>`). The token stays in the
 * fragment, so it never reaches a server log; one deliberate click creates the account, so a
 * mail scanner that opens links cannot use the link up.
 */
export function Component() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const token = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
  return (
    <CenteredPage
      title="Finish creating your account"
      description="Your email address is confirmed by this link. One click and your account is ready."
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
        <Button type="submit" loading={submitting} className="w-full">
          Create my account
        </Button>
      </Form>
    </CenteredPage>
  );
}
