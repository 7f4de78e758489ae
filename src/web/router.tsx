/**
 * Every route of the wireframe in one table. Screens load lazily (one chunk each); a persona area
 * checks its role in middleware before any of its loaders run (no user → sign-in; wrong role →
 * the "not allowed" page), then its loader hands the session to the layout.
 */
import { createBrowserRouter, data, Outlet, ScrollRestoration, useNavigation, type RouteObject } from 'react-router';
import type { PersonaScreen, PublicScreen } from '../core/app-routes.ts';
import { personaFor } from '../core/personas.ts';
import type { Role } from '../core/roles.ts';
import { Spinner } from './components/ui/spinner.tsx';
import type { PersonaLayoutData } from './layouts/persona-layout.tsx';
import { personaGuard, sessionContext } from './lib/session.ts';
import { ErrorScreen } from './routes/error-screen.tsx';
import { PersonaAreaErrorBoundary } from './routes/not-allowed.tsx';

declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

function Root() {
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      {busy && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-1 animate-pulse bg-accent-solid" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

function Loading() {
  return (
    <div role="status" className="flex min-h-full items-center justify-center text-stone-500">
      <Spinner className="size-8" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

type ScreenModule = () => Promise<object>;

/**
 * A section's screens, keyed by the paths in core/app-routes.ts: the type asks for every path there
 * and no other, so the server's page fallback and this router cannot disagree (ADR 0082).
 */
function screens<P extends string>(table: Record<P, ScreenModule>): RouteObject[] {
  return (Object.entries(table) as [P, ScreenModule][]).map(([path, load]) => (path === '' ? { index: true, lazy: load } : { path, lazy: load }));
}

function personaArea<R extends Role>(role: R, table: Record<PersonaScreen<R>, ScreenModule>): RouteObject {
  return {
    id: role,
    path: personaFor(role).path,
    middleware: [personaGuard(role)],
    loader: ({ context }): PersonaLayoutData => ({ role, session: context.get(sessionContext) }),
    lazy: { Component: async () => (await import('./layouts/persona-layout.tsx')).Component },
    ErrorBoundary: PersonaAreaErrorBoundary,
    // Errors inside a screen render inside the layout, keeping the sidebar.
    children: [{ errorElement: <ErrorScreen inShell />, children: screens(table) }],
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <Loading />,
    children: [
      ...screens<PublicScreen>({
        '': () => import('./routes/landing.tsx'),
        'sign-in': () => import('./routes/sign-in.tsx'),
        'sign-up': () => import('./routes/sign-up.tsx'),
        'sign-up/confirm': () => import('./routes/confirm-sign-up.tsx'),
        'invitations': () => import('./routes/accept-invitation.tsx'),
        'invitations/:token': () => import('./routes/accept-invitation.tsx'),
        'mail': () => import('./routes/mail.tsx'),
        'forgot-password': () => import('./routes/forgot-password.tsx'),
        'reset-password': () => import('./routes/reset-password.tsx'),
        'verify-email': () => import('./routes/verify-email.tsx'),
        'two-factor-setup': () => import('./routes/two-factor-setup.tsx'),
        'check-in': () => import('./routes/check-in.tsx'),
        'check-in/questions/:id': () => import('./routes/check-in-question.tsx'),
        'cancel-report': () => import('./routes/cancel-report.tsx'),
        'trustee': () => import('./routes/trustee.tsx'),
      }),

      personaArea('estate-owner', {
        '': () => import('./routes/estate-owner/dashboard.tsx'),
        'memories': () => import('./routes/estate-owner/memories.tsx'),
        'memories/create': () => import('./routes/estate-owner/create-memory.tsx'),
        'beneficiaries': () => import('./routes/estate-owner/beneficiaries.tsx'),
        'beneficiaries/add': () => import('./routes/estate-owner/add-beneficiary.tsx'),
        'digital-assets': () => import('./routes/estate-owner/digital-assets.tsx'),
        'documents': () => import('./routes/estate-owner/documents.tsx'),
        'tasks': () => import('./routes/estate-owner/tasks.tsx'),
        'appointments': () => import('./routes/estate-owner/appointments.tsx'),
        'messages': () => import('./routes/estate-owner/messages.tsx'),
        'settings': () => import('./routes/estate-owner/settings.tsx'),
        'security': () => import('./routes/estate-owner/security.tsx'),
        'release-plan': () => import('./routes/estate-owner/release-plan.tsx'),
        'export': () => import('./routes/estate-owner/export-download.tsx'),
      }),

      personaArea('legacy-planner', {
        '': () => import('./routes/legacy-planner/dashboard.tsx'),
        'loved-ones': () => import('./routes/legacy-planner/loved-ones.tsx'),
        'loved-ones/invite': () => import('./routes/legacy-planner/invite-loved-one.tsx'),
        'loved-ones/:estateId': () => import('./routes/legacy-planner/loved-one.tsx'),
        'tools': () => import('./routes/legacy-planner/tools.tsx'),
        'appointments': () => import('./routes/legacy-planner/appointments.tsx'),
        'resources': () => import('./routes/legacy-planner/resources.tsx'),
        'resources/:slug': () => import('./routes/legacy-planner/resource.tsx'),
        'messages': () => import('./routes/legacy-planner/messages.tsx'),
        'settings': () => import('./routes/legacy-planner/settings.tsx'),
      }),

      personaArea('beneficiary', {
        '': () => import('./routes/beneficiary/home.tsx'),
        'memories': () => import('./routes/beneficiary/memories.tsx'),
        'documents': () => import('./routes/beneficiary/documents.tsx'),
        'appointments': () => import('./routes/beneficiary/appointments.tsx'),
        'messages': () => import('./routes/beneficiary/messages.tsx'),
        'notifications': () => import('./routes/beneficiary/notifications.tsx'),
        'settings': () => import('./routes/beneficiary/settings.tsx'),
        'estate/:id': () => import('./routes/beneficiary/estate.tsx'),
      }),

      personaArea('admin', {
        '': () => import('./routes/admin/dashboard.tsx'),
        'users': () => import('./routes/admin/users.tsx'),
        'estates': () => import('./routes/admin/estates.tsx'),
        'reports': () => import('./routes/admin/reports.tsx'),
        'security': () => import('./routes/admin/security.tsx'),
        'logs': () => import('./routes/admin/logs.tsx'),
        'settings': () => import('./routes/admin/settings.tsx'),
      }),

      personaArea('estate-administrator', {
        '': () => import('./routes/estate-administrator/dashboard.tsx'),
        'estates': () => import('./routes/estate-administrator/estates.tsx'),
        'estates/:id': () => import('./routes/estate-administrator/estate-details.tsx'),
        'verifications': () => import('./routes/estate-administrator/verifications.tsx'),
        'appointments': () => import('./routes/estate-administrator/appointments.tsx'),
        'alerts': () => import('./routes/estate-administrator/alerts.tsx'),
        'reports': () => import('./routes/estate-administrator/reports.tsx'),
        'settings': () => import('./routes/estate-administrator/settings.tsx'),
      }),

      {
        path: '*',
        loader: () => {
          throw data('Not Found', { status: 404, statusText: 'Not Found' });
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { future: { v8_middleware: true } });
}
