import { useState } from 'react';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs } from 'react-router';
import { ZSignInRequest, type TSessionResponse, type TSessionUser } from '../../core/auth.schemas.ts';
import { LOCKOUT } from '../../core/constants.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import { Alert } from '../components/ui/alert.tsx';
import { DELETION_SCHEDULED_PARAM } from '../features/security/delete-account-section.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { TextField } from '../components/ui/field.tsx';
import { api, ApiError } from '../lib/api.ts';
import { fieldErrorsFromIssues, formText } from '../lib/form.ts';
import { EXPIRED_REASON, getSession, homePathFor, nextOf, refreshSession } from '../lib/session.ts';

export function loader(): Promise<TSessionResponse> {
  return getSession();
}

type Step = 'credentials' | 'code' | 'deletion-cancelled';
interface SignInResult {
  step: Step;
  /** where to go on (after the deletion-cancelled notice) */
  home?: string;
  error?: string;
  fields?: Record<string, string> | undefined;
}

function messageFor(error: ApiError, codeSent: boolean): string {
  if (error.code === ERROR_CODES.invalidCredentials) {
    return codeSent
      ? "That code didn't work. Check your authenticator app, or use one of your recovery codes."
      : `That email and password don't match an account. Check them and try again. After ${LOCKOUT.maxFailures} failed attempts an account is locked for ${LOCKOUT.lockMinutes} minutes, and its owner is emailed.`;
  }
  if (error.code === ERROR_CODES.rateLimited || error.status === 429) {
    return 'Too many sign-in attempts from this device. Wait a minute, then try again.';
  }
  return error.message;
}

export async function action({ request }: ActionFunctionArgs): Promise<SignInResult | Response> {
  const form = await request.formData();
  const code = formText(form, 'code').trim();
  const parsed = ZSignInRequest.safeParse({
    email: formText(form, 'email'),
    password: formText(form, 'password'),
    ...(code ? { code } : {}),
  });
  if (!parsed.success) return { step: code ? 'code' : 'credentials', fields: fieldErrorsFromIssues(parsed.error.issues) };
  try {
    const { user, deletionCancelled } = await api.post<{ user: TSessionUser; deletionCancelled: boolean }>('/api/v1/auth/sign-in', parsed.data);
    await refreshSession();
    const home = nextOf(new URL(request.url)) ?? homePathFor(user);
    // Signing in cancelled "Delete my account": say so before going on.
    if (deletionCancelled) return { step: 'deletion-cancelled', home };
    return redirect(home);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === ERROR_CODES.twoFactorRequired) {
      return code ? { step: 'code', error: messageFor(error, true) } : { step: 'code' };
    }
    const stayOnCode = code !== '' && error.code === ERROR_CODES.invalidCredentials;
    return { step: stayOnCode ? 'code' : 'credentials', error: messageFor(error, code !== ''), fields: error.fields };
  }
}

export function Component() {
  const session = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  // "Use a different account" dismisses the code step until the next answer from the server.
  const [dismissed, setDismissed] = useState<SignInResult | undefined>();
  const current = result && result !== dismissed ? result : undefined;
  const step: Step = current?.step ?? 'credentials';
  const submitting = navigation.state === 'submitting';
  const expired = searchParams.get('reason') === EXPIRED_REASON;
  const deletionDue = dateInWords(searchParams.get(DELETION_SCHEDULED_PARAM));

  if (current?.step === 'deletion-cancelled') {
    return (
      <CenteredPage title="Your account will not be deleted">
        <div className="space-y-5">
          <Alert tone="success">You signed in, so the deletion of your account is cancelled. Everything stays as it was.</Alert>
          <Link to={current.home ?? '/'} className={buttonClasses('primary', 'md', 'w-full')}>
            Continue
          </Link>
        </div>
      </CenteredPage>
    );
  }

  return (
    <CenteredPage
      title={step === 'code' ? 'Two-step verification' : `Sign in to ${session.systemName}`}
      description={
        step === 'code'
          ? 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
          : undefined
      }
      footer={
        <>
          New here?{' '}
          <Link to="/sign-up" className="font-semibold text-accent-text hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" noValidate className="space-y-5">
        {deletionDue && !current && (
          <Alert tone="info">
            Your account will be deleted on {deletionDue}, and you have been signed out everywhere. Changed your mind? Signing in before then cancels the deletion.
          </Alert>
        )}
        {expired && !current && (
          <Alert tone="info">
            Your session ended after {session.idleTimeoutMinutes} minutes of inactivity. Sign in again to continue.
          </Alert>
        )}
        {current?.error && <Alert tone="error">{current.error}</Alert>}
        {/* Kept mounted (and submitted) during the code step so the second request carries them. */}
        <div hidden={step === 'code'} className="space-y-5">
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="username"
            required
            error={current?.fields?.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={current?.fields?.password}
          />
          <p className="-mt-2 text-right text-sm">
            <Link to="/forgot-password" className="font-semibold text-accent-text hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        {step === 'code' && (
          <TextField
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            hint="A recovery code works here too; each one can be used once."
            error={current?.fields?.code}
          />
        )}
        <Button type="submit" loading={submitting} className="w-full">
          {step === 'code' ? 'Verify and sign in' : 'Sign in'}
        </Button>
        {step === 'code' && (
          <Button variant="ghost" className="w-full" onClick={() => setDismissed(result)}>
            Use a different account
          </Button>
        )}
      </Form>
    </CenteredPage>
  );
}

function dateInWords(iso: string | null): string | null {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
