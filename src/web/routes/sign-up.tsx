import { Form, Link, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { SIGN_UP_LINK_HOURS, ZSignUpRequest, type TSignUpResponse } from '../../core/auth.schemas.ts';
import { PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { TextField } from '../components/ui/field.tsx';
import { DemoMailNote } from '../features/demo-mail/demo-mail-note.tsx';
import { api, ApiError } from '../lib/api.ts';
import { fieldErrorsFromIssues, formText, type FieldErrors } from '../lib/form.ts';

interface SignUpResult {
  error?: string;
  fields?: FieldErrors | undefined;
  /** Set once the server has taken the request: the address the link went to. */
  sentTo?: string;
}

export async function action({ request }: ActionFunctionArgs): Promise<SignUpResult> {
  const form = await request.formData();
  const parsed = ZSignUpRequest.safeParse({
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    password: formText(form, 'password'),
  });
  if (!parsed.success) return { fields: fieldErrorsFromIssues(parsed.error.issues) };
  try {
    const { email } = await api.post<TSignUpResponse>('/api/v1/auth/sign-up', parsed.data);
    return { sentTo: email };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: error.fields ? undefined : error.message, fields: error.fields };
  }
}

export function Component() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  if (result?.sentTo) {
    return (
      <CenteredPage
        title="Check your email"
        description="One more step to create your account."
        footer={
          <>
            Already confirmed?{' '}
            <Link to="/sign-in" className="font-semibold text-accent-text hover:underline">
              Sign in
            </Link>
          </>
        }
      >
        <div role="status" className="space-y-3 text-sm text-stone-700">
          <p>
            We sent an email to <strong className="font-semibold text-stone-900">{result.sentTo}</strong>. Open the link in it
            within {SIGN_UP_LINK_HOURS} hours to finish creating your account.
          </p>
          <p>If it does not arrive in a few minutes, check your spam folder, or sign up again to get a new link.</p>
          <DemoMailNote to={result.sentTo} />
        </div>
      </CenteredPage>
    );
  }
  return (
    <CenteredPage
      title="Create your account"
      description="Start your legacy: a private place for the memories, documents and wishes you want to pass on."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/sign-in" className="font-semibold text-accent-text hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" noValidate className="space-y-5">
        {result?.error && <Alert tone="error">{result.error}</Alert>}
        <TextField label="Full name" name="name" autoComplete="name" required error={result?.fields?.name} />
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={result?.fields?.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence is easy to remember and hard to guess.`}
          error={result?.fields?.password}
        />
        <Button type="submit" loading={submitting} className="w-full">
          Create account
        </Button>
      </Form>
    </CenteredPage>
  );
}
