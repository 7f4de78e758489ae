/**
 * The signed-in session as the browser sees it: loaded once from `GET /api/v1/auth/session`,
 * cached, and re-fetched after anything that rotates it (sign-in, sign-up, demo sign-in, sign-out).
 */
import { createContext, data, redirect, type Location, type MiddlewareFunction } from 'react-router';
import type { TSessionResponse, TSessionUser } from '../../core/auth.schemas.ts';
import { SESSION_IDLE_TIMEOUT_MINUTES } from '../../core/constants.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import { PERSONAS } from '../../core/personas.ts';
import type { Role } from '../../core/roles.ts';
import { api, onSessionEnded, onTwoFactorSetupRequired, SESSION_PATH, setCsrfToken } from './api.ts';
import { DEFAULT_SYSTEM_NAME, setSystemName } from './system-name.ts';

export const SIGN_IN_PATH = '/sign-in';
/** Where a user is held while the platform requires two-factor and they have not set it up. */
export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';
/** `?reason=expired` on the sign-in page: the session ended after the idle timeout. */
export const EXPIRED_REASON = 'expired';

export type SignedInSession = TSessionResponse & { user: TSessionUser };

/** What a persona area throws (status 403) for a signed-in user without its role. */
export interface NotAllowedData {
  requiredRole: Role;
  user: TSessionUser;
}

/** Used when the server cannot be reached: the app behaves as signed out. */
const OFFLINE_SESSION: TSessionResponse = {
  user: null,
  csrfToken: '',
  demoMode: false,
  systemName: DEFAULT_SYSTEM_NAME,
  idleTimeoutMinutes: SESSION_IDLE_TIMEOUT_MINUTES,
  idleRemainingSeconds: null,
  twoFactorSetupRequired: false,
};

let cached: Promise<TSessionResponse> | undefined;

async function loadSession(): Promise<TSessionResponse> {
  try {
    const session = await api.get<TSessionResponse>(SESSION_PATH);
    setCsrfToken(session.csrfToken);
    setSystemName(session.systemName);
    return session;
  } catch {
    cached = undefined; // try again next time
    return OFFLINE_SESSION;
  }
}

/** The current session (cached after the first call). */
export function getSession(): Promise<TSessionResponse> {
  cached ??= loadSession();
  return cached;
}

/** Forgets the cached session and loads it again (call after sign-in, sign-up, sign-out). */
export function refreshSession(): Promise<TSessionResponse> {
  cached = undefined;
  return getSession();
}

export function clearSession(): void {
  cached = undefined;
  setCsrfToken(undefined);
}

/** `next` only when it is a path on this site (never `//evil.example` or an absolute URL). */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  return next;
}

/**
 * The fragment of the page as it was opened, when `url` is that page: an emailed link's token lives
 * there (so it never reaches a server), and a loader's or action's Request never carries it.
 */
function openedFragment(url: URL): string {
  if (typeof window === 'undefined' || window.location.pathname !== url.pathname) return '';
  return window.location.hash;
}

/**
 * `page?next=<path>`. A fragment of `next` becomes the page's own fragment, so a token in it still
 * never goes into a URL a server sees; `nextOf` puts it back.
 */
function hrefWithNext(page: string, next: string | undefined, also: Record<string, string> = {}): string {
  const at = next?.indexOf('#') ?? -1;
  const path = at < 0 ? next : next?.slice(0, at);
  const keep = !!path && path !== '/';
  const query = new URLSearchParams({ ...(keep && { next: path }), ...also }).toString();
  return `${page}${query ? `?${query}` : ''}${keep && at >= 0 ? next?.slice(at) : ''}`;
}

/** Where to go on from a page reached by `hrefWithNext` (its `next`, fragment included), if anywhere. */
export function nextOf(url: URL): string | undefined {
  const next = safeNext(url.searchParams.get('next'));
  return next && next + openedFragment(url);
}

export function signInHref(next?: string, expired = false): string {
  return hrefWithNext(SIGN_IN_PATH, next, expired ? { reason: EXPIRED_REASON } : {});
}

export const twoFactorSetupHref = (next: string): string => hrefWithNext(TWO_FACTOR_SETUP_PATH, next);

/** Where a user lands after signing in without a `next`: their first role's area. */
export function homePathFor(user: Pick<TSessionUser, 'roles'>): string {
  const first = user.roles[0];
  return PERSONAS.find((p) => p.key === first)?.path ?? '/';
}

/** The request's page as it was opened, fragment included. */
function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search + openedFragment(url);
}

/** The signed-in session, or a redirect to the sign-in page that comes back here afterwards. */
export async function requireUser(request: Request): Promise<SignedInSession> {
  const session = await getSession();
  if (!session.user) throw redirect(signInHref(pathOf(request)));
  return { ...session, user: session.user };
}

/**
 * For persona areas: no user → redirect to sign-in; a user without the role → a 403 route error
 * carrying `NotAllowedData` (the persona layout's error boundary shows the "not allowed" page).
 */
export async function requireRole(role: Role, request: Request): Promise<SignedInSession> {
  const session = await requireUser(request);
  if (session.twoFactorSetupRequired) throw redirect(twoFactorSetupHref(pathOf(request)));
  if (!session.user.roles.includes(role)) {
    const payload: NotAllowedData = { requiredRole: role, user: session.user };
    throw data(payload, { status: 403, statusText: 'Forbidden' });
  }
  return session;
}

/** The signed-in session inside a persona area: set by `personaGuard`, read with `context.get(sessionContext)`. */
export const sessionContext = createContext<SignedInSession>();

/** Route middleware of a persona area: runs `requireRole` before any of the area's loaders. */
export function personaGuard(role: Role): MiddlewareFunction {
  return async ({ request, context }) => {
    context.set(sessionContext, await requireRole(role, request));
  };
}

/** Ends the session on the server, then loads the fresh (signed-out) session and its csrf token. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/api/v1/auth/sign-out');
  } finally {
    await refreshSession();
  }
}

interface NavigatingRouter {
  state: { location: Location; navigation: { location?: Location | undefined } };
  navigate(to: string): Promise<void>;
}

/**
 * On a 401 SESSION_EXPIRED / UNAUTHENTICATED from any API call, forget the session and go to the
 * sign-in page, coming back to where the user was (or was going) afterwards.
 */
export function installSessionEndedRedirect(router: NavigatingRouter): void {
  onSessionEnded((code) => {
    clearSession();
    const location = router.state.navigation.location ?? router.state.location;
    if (location.pathname === SIGN_IN_PATH) return;
    void router.navigate(signInHref(location.pathname + location.search + location.hash, code === ERROR_CODES.sessionExpired));
  });
  // The platform started requiring two-factor while this page was open: forget the cached session
  // (it still says "not required") and go to setup, coming back here afterwards.
  onTwoFactorSetupRequired(() => {
    clearSession();
    const location = router.state.navigation.location ?? router.state.location;
    if (location.pathname === TWO_FACTOR_SETUP_PATH) return;
    void router.navigate(twoFactorSetupHref(location.pathname + location.search + location.hash));
  });
}
