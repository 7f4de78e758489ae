import { useEffect, useState } from 'react';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, useParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import { ZAcceptInvitationRequest, type TInvitationInfo } from '../../core/invitations.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { useEmailedLinkToken } from '../components/ui/emailed-link-page.tsx';
import { TextField } from '../components/ui/field.tsx';
import { ApiError } from '../lib/api.ts';
import { fieldErrorsFromIssues, formText, type FieldErrors } from '../lib/form.ts';
import { getSession, homePathFor, refreshSession, signInHref, signOut } from '../lib/session.ts';
import { invitationsApi } from '../features/invitations/api.ts';

type Opened =
  | { ok: true; info: TInvitationInfo }
  | { ok: false; message: string; used: boolean };

interface LoaderData {
  search: string;
  signedInAs: { name: string; email: string } | null;
  home: string | null;
}

/** Who is signed in; the invitation itself is read by the page, from the link's fragment. */
export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const session = await getSession();
  return {
    search: new URL(request.url).searchParams.get('book') === 'consultation' ? '?book=consultation' : '',
    signedInAs: session.user ? { name: session.user.name, email: session.user.email } : null,
    home: session.user ? homePathFor(session.user) : null,
  };
}

const INCOMPLETE = 'This invitation link is not valid. Check that you copied all of it.';

/**
 * The invitation behind the emailed link (`/invitations#<token>`; `/invitations/<token>` in links
 * mailed before ADR 0095). Read when the page opens, not in the loader: a loader never sees the
 * fragment of the address it opens.
 */
function useOpenedInvitation(token: string, signedIn: boolean): Opened | null {
  const [opened, setOpened] = useState<Opened | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    invitationsApi.open(token).then(
      (info) => current && setOpened({ ok: true, info }),
      (error: unknown) => {
        if (!current) return;
        if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) {
          setOpened({ ok: false, used: false, message: 'This invitation could not be read just now. Please try again in a moment.' });
          return;
        }
        const used = error.code === 'INVITATION_USED';
        setOpened({ ok: false, used, message: error.status === 400 ? INCOMPLETE : used && signedIn ? 'This invitation has already been accepted.' : error.message });
      },
    );
    return () => {
      current = false;
    };
  }, [token, signedIn]);
  return token ? opened : { ok: false, used: false, message: INCOMPLETE };
}

interface ActionResult {
  error?: string | undefined;
  fields?: FieldErrors | undefined;
}

export async function action({ request }: ActionFunctionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const token = formText(form, 'token');
  if (intent === 'sign-out') {
    await signOut();
    return redirect(`/invitations${new URL(request.url).search}#${token}`);
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
    const result = await invitationsApi.accept(token, parsed.data);
    await refreshSession();
    return redirect(result.redirectTo);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: error.fields ? undefined : error.message, fields: error.fields };
  }
}

export function Component() {
  const { search, signedInAs, home } = useLoaderData<typeof loader>();
  const fragmentToken = useEmailedLinkToken();
  const token = useParams().token ?? fragmentToken;
  const opened = useOpenedInvitation(token, Boolean(signedInAs));
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';

  if (!opened) {
    return (
      <CenteredPage title="Your invitation" description="Opening the invitation…">
        <p role="status" className="text-sm text-stone-600">
          Reading who invited you…
        </p>
      </CenteredPage>
    );
  }

  if (!opened.ok) {
    return (
      <CenteredPage title={opened.used ? 'Invitation already accepted' : 'This invitation cannot be used'} description={opened.message}>
        <div className="flex flex-col gap-3 sm:flex-row">
          {home ? (
            <Link to={home} className={buttonClasses()}>
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

  const { info } = opened;
  const tokenField = <input type="hidden" name="token" value={token} />;
  const here = `/invitations${search}#${token}`;
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
          {tokenField}
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
          {tokenField}
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
        {tokenField}
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
