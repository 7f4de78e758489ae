/**
 * Every route of the wireframe, from the one table of screens in core/app-routes.ts. Screens load
 * lazily (one chunk each; the server preloads the opened page's, lib/page-html.ts); a persona area
 * checks its role in middleware before any of its loaders run (no user → sign-in; wrong role →
 * the "not allowed" page), then its loader hands the session to the layout.
 */
import { createBrowserRouter, data, Outlet, ScrollRestoration, useNavigation, type RouteObject } from 'react-router';
import { PERSONA_SCREENS, PUBLIC_SCREENS } from '../core/app-routes.ts';
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

/** Every screen's code, loaded when first shown (one chunk each), by its file under routes/. */
const SCREEN_MODULES = import.meta.glob<object>(['./routes/**/*.tsx', '!./routes/error-screen.tsx', '!./routes/not-allowed.tsx', '!./routes/**/*.test.tsx']);

/** A section's screens from core/app-routes.ts, the table the server's page fallback reads too (ADR 0082). */
function screens(table: Readonly<Record<string, string>>): RouteObject[] {
  return Object.entries(table).map(([path, file]) => {
    const lazy = SCREEN_MODULES[`./routes/${file}.tsx`];
    if (!lazy) throw new Error(`core/app-routes.ts names routes/${file}.tsx, which does not exist`);
    return path === '' ? { index: true, lazy } : { path, lazy };
  });
}

function personaArea(role: Role): RouteObject {
  return {
    id: role,
    path: personaFor(role).path,
    middleware: [personaGuard(role)],
    loader: ({ context }): PersonaLayoutData => ({ role, session: context.get(sessionContext) }),
    lazy: { Component: async () => (await import('./layouts/persona-layout.tsx')).Component },
    ErrorBoundary: PersonaAreaErrorBoundary,
    // Errors inside a screen render inside the layout, keeping the sidebar.
    children: [{ errorElement: <ErrorScreen inShell />, children: screens(PERSONA_SCREENS[role]) }],
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
      ...screens(PUBLIC_SCREENS),
      ...(Object.keys(PERSONA_SCREENS) as Role[]).map(personaArea),

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
