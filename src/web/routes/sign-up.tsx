import { Form, Link, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { ZSignUpRequest } from '../../core/auth.schemas.ts';
import { PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { TextField } from '../components/ui/field.tsx';
import { api, ApiError } from '../lib/api.ts';
import { fieldErrorsFromIssues, formText, type FieldErrors } from '../lib/form.ts';
import { refreshSession } from '../lib/session.ts';

interface SignUpResult {
  error?: string;
  fields?: FieldErrors | undefined;
}

export async function action({ request }: ActionFunctionArgs): Promise<SignUpResult | Response> {
  const form = await request.formData();
  const parsed = ZSignUpRequest.safeParse({
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    password: formText(form, 'password'),
  });
  if (!parsed.success) return { fields: fieldErrorsFromIssues(parsed.error.issues) };
  try {
    await api.post('/api/v1/auth/sign-up', parsed.data);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: error.fields ? undefined : error.message, fields: error.fields };
  }
  await refreshSession();
  return redirect('/estate-owner');
}

export function Component() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
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
