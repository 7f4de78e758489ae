import { useState } from 'react';
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { PERSONAS, personaFor } from '../../core/personas.ts';
import type { Role } from '../../core/roles.ts';
import type { TSessionUser } from '../../core/auth.schemas.ts';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { ICONS } from '../components/ui/icons.ts';
import { signOut, type NotAllowedData } from '../lib/session.ts';
import { ErrorScreen } from './error-screen.tsx';

export const NOT_ALLOWED_TITLE = "You don't have access to this area";

/** Shown by a persona layout to a signed-in user who lacks the area's role. */
export function NotAllowed({ requiredRole, user }: { requiredRole: Role; user: TSessionUser }) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const required = personaFor(requiredRole);
  const areas = PERSONAS.filter((p) => user.roles.includes(p.key));

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      void navigate('/sign-in');
    }
  }

  return (
    <CenteredPage
      title={NOT_ALLOWED_TITLE}
      description={
        <>
          This area needs the <strong className="font-semibold text-stone-900">{required.name}</strong> role. You are
          signed in as {user.name} ({user.email}), and your account doesn't have it.
        </>
      }
    >
      <div className="space-y-6">
        {areas.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold text-stone-900">Your areas</h2>
            <ul className="mt-3 space-y-2">
              {areas.map((area) => {
                const Icon = ICONS[area.icon];
                return (
                  <li key={area.key} data-accent={area.colour}>
                    <Link
                      to={area.path}
                      className="flex items-center gap-3 rounded-lg px-3 py-2.5 ring-1 ring-stone-200 hover:bg-accent-soft hover:ring-accent-ring"
                    >
                      <Icon aria-hidden="true" className="size-5 text-accent-icon" />
                      <span className="font-medium text-stone-900">{area.name}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : (
          <p className="text-stone-700">Your account has no areas yet. Ask the person who invited you to check your role.</p>
        )}
        <div className="flex flex-wrap gap-3 border-t border-stone-100 pt-6">
          <Button variant="secondary" loading={signingOut} onClick={() => void handleSignOut()}>
            Sign out
          </Button>
          <Link to="/" className={buttonClasses('ghost')}>
            Go to the home page
          </Link>
        </div>
      </div>
    </CenteredPage>
  );
}

function isNotAllowedData(value: unknown): value is NotAllowedData {
  return typeof value === 'object' && value !== null && 'requiredRole' in value && 'user' in value;
}

/** Error boundary of a persona area: the role guard's 403 becomes this page, anything else the error screen. */
export function PersonaAreaErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403 && isNotAllowedData(error.data)) {
    return <NotAllowed requiredRole={error.data.requiredRole} user={error.data.user} />;
  }
  return <ErrorScreen />;
}
