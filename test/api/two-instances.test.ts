import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_RATE_LIMIT_PER_MINUTE } from '../../src/core/constants.ts';
import { loadConfig } from '../../src/server/config.ts';
import { insertFamily, type Family } from '../factories/shared-content.ts';
import { insertMemory } from '../factories/memories.ts';
import { insertUser } from '../factories/users.ts';
import { buildSecondInstance, buildTestApp, injectAs, sessionFor, signInFrom, type TestApp, type TestSession } from '../helpers.ts';

/**
 * Two instances of one installation over the same database, as behind a load balancer (ADR 0085):
 * whatever one instance changes, the other answers from the database at once.
 */

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Both behind the same load balancer (127.0.0.1), which names the client in X-Forwarded-For.
  a = await buildTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy });
  b = await buildSecondInstance(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** A family whose beneficiary already read their shared memories on instance B (so B had a chance to keep anything it keeps). */
async function familyReadOnB(): Promise<Family & { ownerS: TestSession; viewerS: TestSession; memoryId: string }> {
  const f = await insertFamily(a.db);
  const ownerS = await sessionFor(a, f.owner);
  const viewerS = await sessionFor(a, f.viewer);
  const memory = await insertMemory(a.app.deps, f.estateId, { title: 'The lake house', createdBy: f.owner.id });
  expect((await injectAs(a, ownerS, 'PUT', `/api/v1/memories/${memory.id}/share`, { all: true, release: 'now' })).statusCode).toBe(200);
  expect(await sharedMemoryIds(b, viewerS)).toEqual([memory.id]);
  return { ...f, ownerS, viewerS, memoryId: memory.id };
}

async function sharedMemoryIds(t: TestApp, session: TestSession): Promise<string[]> {
  const res = await injectAs(t, session, 'GET', '/api/v1/shared/memories');
  expect(res.statusCode).toBe(200);
  return res.json<{ items: { id: string }[] }>().items.map((m) => m.id);
}

describe('a change on instance A is seen at once on instance B', () => {
  it('sign-out: the cookie is refused on B, reads and writes alike', async () => {
    const user = await insertUser(a.db, { roles: ['estate-owner'] });
    const s = await sessionFor(a, user);
    expect((await injectAs(b, s, 'GET', '/api/v1/account')).statusCode).toBe(200);
    expect((await injectAs(b, s, 'GET', '/api/v1/dashboard')).statusCode).toBe(200);

    expect((await injectAs(a, s, 'POST', '/api/v1/auth/sign-out')).statusCode).toBe(200);

    expect((await injectAs(b, s, 'GET', '/api/v1/account')).statusCode).toBe(401);
    expect((await injectAs(b, s, 'GET', '/api/v1/dashboard')).statusCode).toBe(401);
    const write = await injectAs(b, s, 'PATCH', '/api/v1/account', { name: 'Written After Sign-Out' });
    expect(write.statusCode).toBe(401);
    expect((await injectAs(a, await sessionFor(a, user), 'GET', '/api/v1/account')).json<{ name: string }>().name).toBe(user.name);
  });

  it("suspension by an admin: the user's session is refused on B", async () => {
    const admin = await insertUser(a.db, { roles: ['admin'] });
    const user = await insertUser(a.db, { roles: ['estate-owner'] });
    const s = await sessionFor(a, user);
    expect((await injectAs(b, s, 'GET', '/api/v1/dashboard')).statusCode).toBe(200);

    const suspended = await injectAs(a, await sessionFor(a, admin), 'PATCH', `/api/v1/admin/users/${user.id}`, { status: 'suspended' });
    expect(suspended.statusCode).toBe(200);

    expect((await injectAs(b, s, 'GET', '/api/v1/dashboard')).statusCode).toBe(401);
  });

  it("a beneficiary's access to memories turned off: B lists none", async () => {
    const f = await familyReadOnB();
    const revoked = await injectAs(a, f.ownerS, 'PATCH', `/api/v1/beneficiaries/${f.viewerRow.id}`, { access: { memories: false } });
    expect(revoked.statusCode).toBe(200);

    expect(await sharedMemoryIds(b, f.viewerS)).toEqual([]);
    expect((await injectAs(b, f.viewerS, 'GET', `/api/v1/shared/memories/${f.memoryId}`)).statusCode).toBe(404);
  });

  it('a memory unshared: B lists it no more', async () => {
    const f = await familyReadOnB();
    const unshared = await injectAs(a, f.ownerS, 'PUT', `/api/v1/memories/${f.memoryId}/share`, { all: false, beneficiaryIds: [], release: 'now' });
    expect(unshared.statusCode).toBe(200);

    expect(await sharedMemoryIds(b, f.viewerS)).toEqual([]);
  });
});

describe('per-client limits are counted once for all instances', () => {
  it('wrong passwords from one client spread over A and B reach the sign-in limit; another client signs in on both', async () => {
    const user = await insertUser(a.db, { roles: ['beneficiary'] });
    const guesser = '198.51.100.10';
    for (let i = 0; i < SIGN_IN_RATE_LIMIT_PER_MINUTE; i++) {
      // An unknown address: the account lock-out (per account, ADR 0077) stays out of it.
      const res = await signInFrom(i % 2 ? b : a, guesser, 'nobody@example.org', `wrong-${i}`);
      expect([i, res.statusCode]).toEqual([i, 401]);
    }
    for (const t of [a, b]) {
      const refused = await signInFrom(t, guesser, user.email, user.password);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    for (const t of [a, b]) expect((await signInFrom(t, '203.0.113.20', user.email, user.password)).statusCode).toBe(200);
  });
});
