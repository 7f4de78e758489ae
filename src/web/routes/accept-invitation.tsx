import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import { ZAcceptInvitationRequest, type TInvitationInfo } from '../../core/invitations.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { TextField } from '../components/ui/field.tsx';
import { ApiError } from '../lib/api.ts';
import { fieldErrorsFromIssues, formText, type FieldErrors } from '../lib/form.ts';
import { getSession, homePathFor, refreshSession, signInHref, signOut } from '../lib/session.ts';
import { invitationsApi } from '../features/invitations/api.ts';

type LoaderData =
  | { ok: true; token: string; search: string; info: TInvitationInfo; signedInAs: { name: string; email: string } | null }
  | { ok: false; token: string; message: string; used: boolean; home: string | null };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<LoaderData> {
  const token = params.token ?? '';
  const session = await getSession();
  try {
    const info = await invitationsApi.get(token);
    const search = new URL(request.url).searchParams.get('book') === 'consultation' ? '?book=consultation' : '';
    return { ok: true, token, search, info, signedInAs: session.user ? { name: session.user.name, email: session.user.email } : null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    return {
      ok: false,
      token,
      used: error.code === 'INVITATION_USED',
      home: session.user ? homePathFor(session.user) : null,
      message:
        error.status === 400
          ? 'This invitation link is not valid. Check that you copied all of it.'
          : error.code === 'INVITATION_USED' && session.user
            ? 'This invitation has already been accepted.'
            : error.message,
    };
  }
}

interface ActionResult {
  error?: string | undefined;
  fields?: FieldErrors | undefined;
}

export async function action({ request, params }: ActionFunctionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  if (intent === 'sign-out') {
    await signOut();
    return redirect(`/invitations/${params.token ?? ''}${new URL(request.url).search}`);
  }
  // The booking link of a planner's invitation (?book=consultation) lands on the schedule form after.
  const book = new URL(request.url).searchParams.get('book') === 'consultation' ? { book: 'consultation' as const } : {};
  const body = { ...(intent === 'link' ? {} : { name: formText(form, 'name'), password: formText(form, 'password') }), ...book };
  const parsed = ZAcceptInvitationRequest.safeParse(body);
  if (!parsed.success) return { fields: fieldErrorsFromIssues(parsed.error.issues) };
  if (intent !== 'link' && (!parsed.data.name || !parsed.data.password)) {
    return { fields: { ...(parsed.data.name ? {} : { name: 'Required' }), ...(parsed.data.password ? {} : { password: 'Required' }) } };
  }
  try {
    const result = await invitationsApi.accept(params.token ?? '', parsed.data);
    await refreshSession();
    return redirect(result.redirectTo);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: error.fields ? undefined : error.message, fields: error.fields };
  }
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';

  if (!data.ok) {
    return (
      <CenteredPage title={data.used ? 'Invitation already accepted' : 'This invitation cannot be used'} description={data.message}>
        <div className="flex flex-col gap-3 sm:flex-row">
          {data.home ? (
            <Link to={data.home} className={buttonClasses()}>
              Continue to Heirloom
            </Link>
          ) : (
            <Link to="/sign-in" className={buttonClasses()}>
              Sign in
            </Link>
          )}
          <Link to="/" className={buttonClasses('secondary')}>
            Go to the home page
          </Link>
        </div>
      </CenteredPage>
    );
  }

  const { info, signedInAs, token, search } = data;
  const here = `/invitations/${token}${search}`;
  const expires = new Date(info.expiresAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  const intro = (
    <>
      <p>{info.summary}</p>
      <p className="mt-2 text-sm text-stone-500">
        Sent to {info.email} · valid until {expires}
      </p>
    </>
  );

  if (signedInAs && signedInAs.email !== info.email) {
    return (
      <CenteredPage title={`${info.inviterName} invited you`} description={intro}>
        <Alert tone="info">
          You are signed in as {signedInAs.email}, but this invitation is for {info.email}. Sign out, then accept it with that address.
        </Alert>
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="sign-out" />
          <Button type="submit" loading={submitting} className="w-full">
            Sign out
          </Button>
        </Form>
      </CenteredPage>
    );
  }

  if (signedInAs) {
    return (
      <CenteredPage title={`${info.inviterName} invited you`} description={intro}>
        {result?.error && (
          <div className="mb-4">
            <Alert tone="error">{result.error}</Alert>
          </div>
        )}
        <p className="text-sm text-stone-700">
          Accepting adds the {info.roleLabel} role to your account ({signedInAs.email}).
        </p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="link" />
          <Button type="submit" loading={submitting} className="w-full">
            Accept invitation
          </Button>
        </Form>
      </CenteredPage>
    );
  }

  if (info.accountExists) {
    return (
      <CenteredPage title={`${info.inviterName} invited you`} description={intro}>
        <p className="text-sm text-stone-700">You already have an account with {info.email}. Sign in to accept the invitation.</p>
        <Link to={signInHref(here)} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
          Sign in to accept
        </Link>
      </CenteredPage>
    );
  }

  const fields = result?.fields ?? {};
  return (
    <CenteredPage
      title={`${info.inviterName} invited you`}
      description={intro}
      footer={
        <>
          Already have an account with a different email?{' '}
          <Link to={signInHref(here)} className="font-semibold text-accent-text hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" noValidate className="space-y-5" aria-label="Create your account">
        <input type="hidden" name="intent" value="create" />
        {result?.error && <Alert tone="error">{result.error}</Alert>}
        <TextField label="Full name" name="name" autoComplete="name" defaultValue={info.suggestedName} error={fields.name} maxLength={120} />
        <TextField label="Email address" name="email" type="email" value={info.email} readOnly hint="The invitation was sent to this address." />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={fields.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence is easy to remember.`}
        />
        <Button type="submit" loading={submitting} className="w-full">
          Create account and accept
        </Button>
      </Form>
    </CenteredPage>
  );
}
