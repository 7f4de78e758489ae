import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSessionResponse } from '../../core/auth.schemas.ts';
import { clearSession, getSession, homePathFor, nextOf, refreshSession, requireRole, safeNext, signInHref } from './session.ts';

const USER = {
  id: 'u1',
  name: 'Emily Ellis',
  email: 'emily.ellis@demo.heirloom.local',
  initials: 'EE',
  roles: ['beneficiary' as const],
  estateId: null,
  estateActivatedAt: null,
};

function sessionWith(user: TSessionResponse['user']): TSessionResponse {
  return { user, csrfToken: 'tok', demoMode: true, systemName: 'Heirloom', idleTimeoutMinutes: 30, idleRemainingSeconds: user ? 1800 : null, twoFactorSetupRequired: false };
}

function serveSession(...sessions: (TSessionResponse | Error)[]) {
  const fetch = vi.fn(async () => {
    const next = sessions.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no more sessions');
    return new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const request = (path: string) => new Request(`http://localhost${path}`);

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('safeNext', () => {
  it('keeps paths on this site only', () => {
    expect(safeNext('/estate-owner/memories?q=1')).toBe('/estate-owner/memories?q=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'estate-owner']) {
      expect(safeNext(bad)).toBeUndefined();
    }
  });
});

describe('signInHref', () => {
  it('carries where to come back to, and why the session ended', () => {
    expect(signInHref()).toBe('/sign-in');
    expect(signInHref('/')).toBe('/sign-in');
    expect(signInHref('/admin/users')).toBe('/sign-in?next=%2Fadmin%2Fusers');
    expect(signInHref('/admin', true)).toBe('/sign-in?next=%2Fadmin&reason=expired');
  });
});

/** The browser's address bar, as a page opened from an email has it. */
const openedAt = (href: string) => vi.stubGlobal('window', { location: new URL(href, 'http://localhost') });

describe("an emailed link's token (in the fragment) survives signing in", () => {
  it('goes to sign-in as the fragment of the sign-in page, never into its query', () => {
    expect(signInHref('/estate-owner/export#tok-1_2')).toBe('/sign-in?next=%2Festate-owner%2Fexport#tok-1_2');
    expect(signInHref('/#tok')).toBe('/sign-in');
  });

  it('is kept when a signed-out visitor opens the link', async () => {
    openedAt('/estate-owner/export#tok-1_2');
    serveSession(sessionWith(null));
    const thrown = await requireRole('estate-owner', request('/estate-owner/export')).catch((e: unknown) => e);
    expect((thrown as Response).headers.get('Location')).toBe('/sign-in?next=%2Festate-owner%2Fexport#tok-1_2');
  });

  it('comes back after signing in, and only from the page that holds it', () => {
    openedAt('/sign-in?next=%2Festate-owner%2Fexport#tok-1_2');
    expect(nextOf(new URL('http://localhost/sign-in?next=%2Festate-owner%2Fexport'))).toBe('/estate-owner/export#tok-1_2');
    expect(nextOf(new URL('http://localhost/sign-in?next=https%3A%2F%2Fevil.example'))).toBeUndefined();
    expect(nextOf(new URL('http://localhost/two-factor-setup?next=%2Fadmin'))).toBe('/admin');
  });
});

describe('homePathFor', () => {
  it("is the first role's area", () => {
    expect(homePathFor({ roles: ['beneficiary', 'estate-owner'] })).toBe('/beneficiary');
    expect(homePathFor({ roles: [] })).toBe('/');
  });
});

describe('getSession', () => {
  it('caches the session until refreshed', async () => {
    const fetch = serveSession(sessionWith(null), sessionWith(USER));
    expect((await getSession()).user).toBeNull();
    expect((await getSession()).user).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await refreshSession()).user?.name).toBe('Emily Ellis');
  });

  it('treats an unreachable server as signed out, and asks again next time', async () => {
    const fetch = serveSession(new TypeError('fetch failed'), sessionWith(USER));
    expect((await getSession()).user).toBeNull();
    expect((await getSession()).user?.id).toBe('u1');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('requireRole', () => {
  it('redirects a visitor to sign in, coming back afterwards', async () => {
    serveSession(sessionWith(null));
    const thrown = await requireRole('admin', request('/admin/users?page=2')).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/sign-in?next=%2Fadmin%2Fusers%3Fpage%3D2');
  });

  it('refuses a user without the role with a 403 naming the role', async () => {
    serveSession(sessionWith(USER));
    const thrown = await requireRole('admin', request('/admin')).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 403 }, data: { requiredRole: 'admin', user: { id: 'u1' } } });
  });

  it('returns the session for a user with the role', async () => {
    serveSession(sessionWith(USER));
    await expect(requireRole('beneficiary', request('/beneficiary'))).resolves.toMatchObject({ user: { id: 'u1' } });
  });
});
