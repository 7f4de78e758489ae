import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../src/core/permissions.ts';
import { ROLES, type Role } from '../../src/core/roles.ts';
import { insertUser } from '../factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';

/**
 * Walks every guarded API route the app registered (app.guardedRoutes), so a new route is covered
 * the moment it exists: 401 without a session, 403 for each role its permission does not grant,
 * and no 500 for any malformed input from a role it does grant.
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

  it('answers 401 without a session', async () => {
    for (const route of t.app.guardedRoutes.filter((r) => r.permission)) {
      const res = await injectAs(t, null, route.method as M, fill(route.url, randomUUID()), route.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 to every role its permission does not grant', async () => {
    let checked = 0;
    for (const route of t.app.guardedRoutes.filter((r) => r.permission)) {
      for (const role of ROLES) {
        if (can([role], route.permission!)) continue;
        const res = await injectAs(t, sessions[role], route.method as M, fill(route.url, randomUUID()), route.method === 'GET' ? undefined : {});
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('never answers 500 to malformed input from a permitted role', async () => {
    const bodies: { payload: string; type: string }[] = [
      { payload: '{"unterminated', type: 'application/json' },
      { payload: '[]', type: 'application/json' },
      { payload: '"text"', type: 'application/json' },
      { payload: JSON.stringify({ unknownField: 1, title: 42, date: 'yesterday', id: -1 }), type: 'application/json' },
      { payload: 'a=1', type: 'application/x-www-form-urlencoded' },
    ];
    // sign-out would end the sessions the rest of this file uses; it takes no input anyway
    for (const route of t.app.guardedRoutes.filter((r) => r.url !== '/api/v1/auth/sign-out')) {
      const role = ROLES.find((r) => !route.permission || can([r], route.permission));
      if (!role) continue;
      for (const id of ['not-a-uuid', randomUUID(), '../../etc/passwd']) {
        const url = fill(route.url, encodeURIComponent(id));
        if (route.method === 'GET' || route.method === 'DELETE') {
          const res = await injectAs(t, sessions[role], route.method as M, `${url}?q=%00&page=-1&limit=abc`);
          expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          continue;
        }
        for (const body of bodies) {
          const res = await injectAs(t, sessions[role], route.method as M, url, body.payload, { headers: { 'content-type': body.type } });
          expect(res.statusCode, `${route.method} ${url} ${body.payload}`).toBeLessThan(500);
        }
      }
    }
  });
});

describe('bad input', () => {
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

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/auth/sign-in');
  });
});
