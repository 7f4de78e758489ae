/**
 * Every route of the wireframe in one table. Screens load lazily (one chunk each); a persona area
 * checks its role in middleware before any of its loaders run (no user → sign-in; wrong role →
 * the "not allowed" page), then its loader hands the session to the layout.
 */
import { createBrowserRouter, data, Outlet, ScrollRestoration, useNavigation, type RouteObject } from 'react-router';
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

function screen(path: string | null, load: ScreenModule): RouteObject {
  return path === null ? { index: true, lazy: load } : { path, lazy: load };
}

function personaArea(role: Role, screens: RouteObject[]): RouteObject {
  return {
    id: role,
    path: personaFor(role).path,
    middleware: [personaGuard(role)],
    loader: ({ context }): PersonaLayoutData => ({ role, session: context.get(sessionContext) }),
    lazy: { Component: async () => (await import('./layouts/persona-layout.tsx')).Component },
    ErrorBoundary: PersonaAreaErrorBoundary,
    // Errors inside a screen render inside the layout, keeping the sidebar.
    children: [{ errorElement: <ErrorScreen inShell />, children: screens }],
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
      screen(null, () => import('./routes/landing.tsx')),
      screen('sign-in', () => import('./routes/sign-in.tsx')),
      screen('sign-up', () => import('./routes/sign-up.tsx')),
      screen('sign-up/confirm', () => import('./routes/confirm-sign-up.tsx')),
      screen('invitations/:token', () => import('./routes/accept-invitation.tsx')),
      screen('mail', () => import('./routes/mail.tsx')),
      screen('forgot-password', () => import('./routes/forgot-password.tsx')),
      screen('reset-password', () => import('./routes/reset-password.tsx')),
      screen('verify-email', () => import('./routes/verify-email.tsx')),
      screen('two-factor-setup', () => import('./routes/two-factor-setup.tsx')),
      screen('check-in', () => import('./routes/check-in.tsx')),
      screen('check-in/questions/:id', () => import('./routes/check-in-question.tsx')),
      screen('cancel-report', () => import('./routes/cancel-report.tsx')),
      screen('trustee', () => import('./routes/trustee.tsx')),

      personaArea('estate-owner', [
        screen(null, () => import('./routes/estate-owner/dashboard.tsx')),
        screen('memories', () => import('./routes/estate-owner/memories.tsx')),
        screen('memories/create', () => import('./routes/estate-owner/create-memory.tsx')),
        screen('beneficiaries', () => import('./routes/estate-owner/beneficiaries.tsx')),
        screen('beneficiaries/add', () => import('./routes/estate-owner/add-beneficiary.tsx')),
        screen('digital-assets', () => import('./routes/estate-owner/digital-assets.tsx')),
        screen('documents', () => import('./routes/estate-owner/documents.tsx')),
        screen('tasks', () => import('./routes/estate-owner/tasks.tsx')),
        screen('appointments', () => import('./routes/estate-owner/appointments.tsx')),
        screen('messages', () => import('./routes/estate-owner/messages.tsx')),
        screen('settings', () => import('./routes/estate-owner/settings.tsx')),
        screen('security', () => import('./routes/estate-owner/security.tsx')),
        screen('release-plan', () => import('./routes/estate-owner/release-plan.tsx')),
        screen('export', () => import('./routes/estate-owner/export-download.tsx')),
      ]),

      personaArea('legacy-planner', [
        screen(null, () => import('./routes/legacy-planner/dashboard.tsx')),
        screen('loved-ones', () => import('./routes/legacy-planner/loved-ones.tsx')),
        screen('loved-ones/invite', () => import('./routes/legacy-planner/invite-loved-one.tsx')),
        screen('loved-ones/:estateId', () => import('./routes/legacy-planner/loved-one.tsx')),
        screen('tools', () => import('./routes/legacy-planner/tools.tsx')),
        screen('appointments', () => import('./routes/legacy-planner/appointments.tsx')),
        screen('resources', () => import('./routes/legacy-planner/resources.tsx')),
        screen('resources/:slug', () => import('./routes/legacy-planner/resource.tsx')),
        screen('messages', () => import('./routes/legacy-planner/messages.tsx')),
        screen('settings', () => import('./routes/legacy-planner/settings.tsx')),
      ]),

      personaArea('beneficiary', [
        screen(null, () => import('./routes/beneficiary/home.tsx')),
        screen('memories', () => import('./routes/beneficiary/memories.tsx')),
        screen('documents', () => import('./routes/beneficiary/documents.tsx')),
        screen('appointments', () => import('./routes/beneficiary/appointments.tsx')),
        screen('messages', () => import('./routes/beneficiary/messages.tsx')),
        screen('notifications', () => import('./routes/beneficiary/notifications.tsx')),
        screen('settings', () => import('./routes/beneficiary/settings.tsx')),
        screen('estate/:id', () => import('./routes/beneficiary/estate.tsx')),
      ]),

      personaArea('admin', [
        screen(null, () => import('./routes/admin/dashboard.tsx')),
        screen('users', () => import('./routes/admin/users.tsx')),
        screen('estates', () => import('./routes/admin/estates.tsx')),
        screen('reports', () => import('./routes/admin/reports.tsx')),
        screen('security', () => import('./routes/admin/security.tsx')),
        screen('logs', () => import('./routes/admin/logs.tsx')),
        screen('settings', () => import('./routes/admin/settings.tsx')),
      ]),

      personaArea('estate-administrator', [
        screen(null, () => import('./routes/estate-administrator/dashboard.tsx')),
        screen('estates', () => import('./routes/estate-administrator/estates.tsx')),
        screen('estates/:id', () => import('./routes/estate-administrator/estate-details.tsx')),
        screen('verifications', () => import('./routes/estate-administrator/verifications.tsx')),
        screen('appointments', () => import('./routes/estate-administrator/appointments.tsx')),
        screen('alerts', () => import('./routes/estate-administrator/alerts.tsx')),
        screen('reports', () => import('./routes/estate-administrator/reports.tsx')),
        screen('settings', () => import('./routes/estate-administrator/settings.tsx')),
      ]),

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
