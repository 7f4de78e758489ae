import { ArrowRightIcon } from '@heroicons/react/24/outline';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs } from 'react-router';
import type { TSessionResponse, TSessionUser } from '../../core/auth.schemas.ts';
import { PERSONAS, personaFor, type Persona } from '../../core/personas.ts';
import { isRole } from '../../core/roles.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Avatar } from '../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ICONS } from '../components/ui/icons.ts';
import { Logo } from '../components/ui/logo.tsx';
import { api, ApiError } from '../lib/api.ts';
import { getSession, homePathFor, refreshSession } from '../lib/session.ts';

export function loader(): Promise<TSessionResponse> {
  return getSession();
}

/** "View Dashboard" in demo mode: sign in as the persona's demo user, then open its area. */
export async function action({ request }: ActionFunctionArgs) {
  const persona = String((await request.formData()).get('persona') ?? '');
  if (!isRole(persona)) throw data('Unknown persona', { status: 400, statusText: 'Bad Request' });
  try {
    await api.post('/api/v1/demo/sign-in', { persona });
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  await refreshSession();
  return redirect(personaFor(persona).path);
}

function PersonaCard({ persona }: { persona: Persona }) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formData?.get('persona') === persona.key;
  const Icon = ICONS[persona.icon];
  const headingId = `persona-${persona.key}`;
  return (
    <li
      data-accent={persona.colour}
      className="flex flex-col rounded-xl bg-white p-6 shadow-xs ring-1 ring-stone-200 transition-shadow hover:shadow-md"
    >
      <div className="flex items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft ring-1 ring-accent-ring">
          <Icon aria-hidden="true" className="size-6 text-accent-icon" />
        </span>
        <h2 id={headingId} className="text-lg font-semibold text-stone-900">
          {persona.name}
        </h2>
      </div>
      <p className="mt-4 flex-1 text-stone-600">{persona.description}</p>
      <div className="mt-6 flex items-center gap-3 border-t border-stone-100 pt-5">
        <Avatar initials={persona.sampleUser.initials} />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-stone-900">{persona.sampleUser.name}</p>
          <p className="text-sm text-stone-500">Sample persona</p>
        </div>
      </div>
      <Form method="post" className="mt-5">
        <input type="hidden" name="persona" value={persona.key} />
        <Button type="submit" loading={pending} aria-describedby={headingId} className="w-full">
          View Dashboard
          {!pending && <ArrowRightIcon aria-hidden="true" className="size-4" />}
        </Button>
      </Form>
    </li>
  );
}

function DemoLanding({ error, systemName }: { error: string | undefined; systemName: string }) {
  return (
    <>
      <div className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">Explore {systemName}</h1>
        <p className="mt-4 text-lg text-stone-600">
          {systemName} keeps a family's memories, documents and wishes safe, and passes them on with care. This is a demo
          filled with a fictional family's sample data: pick a persona to explore its dashboard.
        </p>
      </div>
      {error && (
        <div className="mt-8 max-w-3xl">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <ul aria-label="Personas" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {PERSONAS.map((persona) => (
          <PersonaCard key={persona.key} persona={persona} />
        ))}
        <li className="flex flex-col justify-center rounded-xl border-2 border-dashed border-stone-200 p-6">
          <h2 className="text-lg font-semibold text-stone-900">Start your own legacy</h2>
          <p className="mt-2 text-stone-600">
            Create a private account of your own, with nothing in it but what you add.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/sign-up" className={buttonClasses('secondary')}>
              Create account
            </Link>
            <Link to="/sign-in" className={buttonClasses('ghost')}>
              Sign in
            </Link>
          </div>
        </li>
      </ul>
    </>
  );
}

const PROMISES = [
  {
    icon: ICONS.Photo,
    title: 'Memories',
    text: 'Photos, videos, recordings and stories, kept for the people you love.',
  },
  {
    icon: ICONS.DocumentText,
    title: 'Important documents',
    text: 'Wills, policies and records, encrypted and shared only with the people you choose.',
  },
  {
    icon: ICONS.Heart,
    title: 'When the time comes',
    text: 'An estate administrator verifies and releases what you set aside, the way you asked.',
  },
] as const;

/**
 * A demo visitor is signed in as one of the personas' sample users (demo sign-in picks them by
 * these addresses); anyone else signed in holds a real account, and is never offered a demo one.
 */
function isDemoPersonaUser(user: TSessionUser): boolean {
  return PERSONAS.some((p) => p.sampleUser.email === user.email);
}

/** The User Type Selector for a real account: only the areas its roles open, each a plain link (no demo sign-in). */
function OwnAreas({ user }: { user: TSessionUser }) {
  const areas = PERSONAS.filter((p) => user.roles.includes(p.key));
  if (areas.length === 0) return null;
  return (
    <section aria-labelledby="your-areas" className="mt-12 max-w-5xl">
      <h2 id="your-areas" className="text-lg font-semibold text-stone-900">
        Your areas
      </h2>
      <ul aria-label="Your areas" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((area) => {
          const Icon = ICONS[area.icon];
          return (
            <li key={area.key} data-accent={area.colour} className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200">
              <div className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft ring-1 ring-accent-ring">
                  <Icon aria-hidden="true" className="size-5 text-accent-icon" />
                </span>
                <h3 className="font-semibold text-stone-900">{area.name}</h3>
              </div>
              <p className="mt-3 flex-1 text-sm text-stone-600">{area.description}</p>
              <Link to={area.path} className={`${buttonClasses('secondary', 'sm')} mt-4 self-start`}>
                Open {area.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Welcome({ session }: { session: TSessionResponse }) {
  const { user, systemName } = session;
  return (
    <>
      <div className="max-w-2xl pt-6 sm:pt-12">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">Welcome to {systemName}</h1>
        <p className="mt-4 text-lg text-stone-600">
          Keep your memories, important documents and wishes in one safe place, and decide who receives them — now, or
          when the time comes.
        </p>
        {user ? (
          <div className="mt-8">
            <p className="text-stone-700">You're signed in as {user.name}.</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={homePathFor(user)} className={buttonClasses('primary')}>
                Go to your dashboard
                <ArrowRightIcon aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </div>
        ) : (
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/sign-in" className={buttonClasses('primary')}>
              Sign in
            </Link>
            <Link to="/sign-up" className={buttonClasses('secondary')}>
              Create account
            </Link>
          </div>
        )}
      </div>
      {user && <OwnAreas user={user} />}
      <ul className="mt-16 grid max-w-5xl gap-8 sm:grid-cols-3">
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Icon aria-hidden="true" className="size-6 text-accent-icon" />
            <h2 className="mt-3 font-semibold text-stone-900">{title}</h2>
            <p className="mt-1 text-stone-600">{text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

export function Component() {
  const session = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { user } = session;
  // Demo visitors (signed out, or signed in as a sample persona) keep the persona picker; a real account sees its own areas.
  const showDemo = session.demoMode && !(user && !isDemoPersonaUser(user));
  return (
    <div className="min-h-full">
      <title>{showDemo ? `Explore ${session.systemName}` : session.systemName}</title>
      <header className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-5 sm:px-6 lg:px-8">
        <Logo name={session.systemName} />
        <div className="flex items-center gap-4">
          {session.demoMode && (
            <Link to="/mail" className="rounded-lg text-sm font-semibold text-stone-700 hover:text-stone-900">
              Mail
            </Link>
          )}
          {user ? (
            <Link to={homePathFor(user)} className="rounded-lg text-sm font-semibold text-stone-700 hover:text-stone-900">
              Signed in as {user.name}
            </Link>
          ) : (
            <Link to="/sign-in" className={buttonClasses('secondary', 'sm')}>
              Sign in
            </Link>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
        {showDemo ? <DemoLanding error={actionData?.error} systemName={session.systemName} /> : <Welcome session={session} />}
      </main>
    </div>
  );
}
