import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../src/core/permissions.ts';
import { ROLES, type Role } from '../../src/core/roles.ts';
import { insertUser } from '../factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';
import { rawRequest } from '../raw-http.ts';

/**
 * Walks every guarded API route the app registered (app.guardedRoutes), so a new route is covered
 * the moment it exists: 401 however the path is written, and the CSRF check on every mutation. The
 * 401/403 per identity and the leak checks are the authorization matrix's
 * (authorization-matrix.test.ts); malformed input of every kind is the hostile-input suite's (ADR 0080).
 */
let t: TestApp;
const sessions = {} as Record<Role, TestSession>;

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) sessions[role] = await sessionFor(t, await insertUser(t.db, { roles: [role] }));
});
afterAll(async () => t.close());

const fill = (url: string, id: string) => url.replace(/:[A-Za-z]+/g, id);
type M = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('every guarded route', () => {
  it('declares a permission or public (startup would have failed otherwise) and is listed', () => {
    expect(t.app.guardedRoutes.length).toBeGreaterThan(3);
    expect(t.app.guardedRoutes.filter((r) => r.permission).length).toBeGreaterThan(0);
  });

  it('answers 401 without a session when the path is percent-encoded or in absolute form', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const forms = (url: string) => [url.replace('/api/', '/%61pi/'), url.replace('/v1/', '/%76%31/'), `http://127.0.0.1:${port}${url}`];
    let checked = 0;
    for (const route of t.app.guardedRoutes.filter((r) => r.permission)) {
      for (const target of forms(fill(route.url, randomUUID()))) {
        const res = await rawRequest(port, route.method, target, route.method === 'GET' ? {} : { body: '{}' });
        expect(res.status, `${route.method} ${target}`).toBe(401);
        expect(JSON.parse(res.body).error.code).toBe('UNAUTHENTICATED');
        expect(res.headers['cache-control']).toBe('no-store');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);

    // public mutations still need the CSRF token, whatever form the path takes
    for (const url of ['/api/v1/auth/sign-in', '/api/v1/demo/sign-in', '/api/v1/auth/sign-up']) {
      for (const target of forms(url)) {
        const res = await rawRequest(port, 'POST', target, { body: JSON.stringify({ email: 'a@b.example', password: 'x', persona: 'admin' }) });
        expect(res.status, target).toBe(403);
        expect(JSON.parse(res.body).error.code).toBe('CSRF_FAILED');
      }
    }
    // an unmatched API path is a JSON 404 in every form, never the web app
    for (const target of forms('/api/v1/does-not-exist')) {
      const res = await rawRequest(port, 'GET', target);
      expect(res.status, target).toBe(404);
      expect(JSON.parse(res.body).error.code).toBe('NOT_FOUND');
    }
  });

  // No header; another session's token; the cookie's token altered by one character.
  const wrongTokens = (role: Role): (string | undefined)[] => {
    const own = sessions[role].csrfToken;
    const other = sessions[ROLES.find((r) => r !== role)!].csrfToken;
    return [undefined, other, `${own.slice(0, -1)}${own.endsWith('A') ? 'B' : 'A'}`];
  };

  it('refuses every mutation (POST, PUT, PATCH, DELETE) without the CSRF header or with a wrong one, for a role it grants', async () => {
    const methods = new Set<string>();
    for (const route of t.app.guardedRoutes.filter((r) => r.method !== 'GET')) {
      const role = ROLES.find((r) => !route.permission || can([r], route.permission));
      if (!role) continue;
      for (const token of wrongTokens(role)) {
        const res = await t.app.inject({
          method: route.method as M,
          url: fill(route.url, randomUUID()),
          headers: { cookie: sessions[role].cookie, 'content-type': 'application/json', ...(token === undefined ? {} : { 'x-csrf-token': token }) },
          payload: '{}',
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${token ?? 'no token'}`).toBe(403);
        expect(res.json().error.code).toBe('CSRF_FAILED');
      }
      methods.add(route.method);
    }
    expect([...methods].sort()).toEqual(['DELETE', 'PATCH', 'POST', 'PUT']);
  });

  it('lets the same mutation through with the session’s own token (the refusals above are the token’s doing)', async () => {
    const owner = sessions['estate-owner'];
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      headers: { cookie: owner.cookie, 'content-type': 'application/json', 'x-csrf-token': owner.csrfToken },
      payload: JSON.stringify({ name: 'Ruth Okafor' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses text the database cannot store (a NUL byte) with a 400 naming the field, in bodies and queries', async () => {
    const owner = sessions['estate-owner'];
    const body = await injectAs(t, owner, 'PATCH', '/api/v1/account', { name: 'Ruth\u0000Okafor' });
    expect(body.statusCode).toBe(400);
    expect(body.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: expect.stringMatching(/cannot be stored/) } });
    const query = await injectAs(t, owner, 'GET', '/api/v1/memories?q=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toEqual({ q: expect.stringMatching(/cannot be stored/) });
    const nested = await injectAs(t, owner, 'POST', '/api/v1/tasks', { title: 'ok', description: 'a\u0000b', priority: 'low', category: 'documents' });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.fields).toMatchObject({ description: expect.stringMatching(/cannot be stored/) });
    const surrogate = await injectAs(t, owner, 'PATCH', '/api/v1/account', '{"name":"broken \\ud800 half"}', { headers: { 'content-type': 'application/json' } });
    expect(surrogate.statusCode).toBe(400);
  });

  it('answers malformed JSON with 400 in the one error format', async () => {
    const res = await injectAs(t, sessions['estate-owner'], 'PATCH', '/api/v1/account', '{"name":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(/JSON/) } });
  });

  it('answers an oversized body with 413', async () => {
    const res = await injectAs(t, sessions['estate-owner'], 'PATCH', '/api/v1/account', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers wrong types and unknown fields with 400 naming the fields', async () => {
    const res = await injectAs(t, sessions['estate-owner'], 'PATCH', '/api/v1/account', { name: 5, isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ name: expect.any(String), isAdmin: 'Unknown field' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await injectAs(t, sessions.admin, 'GET', '/api/v1/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('serves the OpenAPI document (outside production), and nothing at /api/docs when it is turned off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/auth/sign-in');
    const off = await buildTestApp({ apiDocs: false });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const closed = await off.app.inject({ method: 'GET', url });
        expect(closed.statusCode, url).toBe(404);
        expect(closed.json().error.code).toBe('NOT_FOUND');
      }
    } finally {
      await off.close();
    }
  });
});
