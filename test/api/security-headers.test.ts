import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../factories/documents.ts';
import { insertOwner, insertUser } from '../factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';

/** Response headers a browser relies on: framing, caching, powerful features, transport security. */
let t: TestApp;
let owner: TestSession;
let documentFileUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await insertOwner(t.db);
  owner = await sessionFor(t, user);
  const doc = await insertDocument(t.app.deps, user.estateId!, { title: 'Will' });
  documentFileUrl = `/api/v1/files/${doc.fileId}`;
});
afterAll(async () => t.close());

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];

describe('framing', () => {
  it("forbids framing the app and its API (frame-ancestors 'none', X-Frame-Options DENY)", async () => {
    for (const url of ['/', '/api/v1/auth/session', '/api/v1/account', documentFileUrl]) {
      const res = await injectAs(t, owner, 'GET', url);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('lets only the app itself frame a file it previews inline', async () => {
    const res = await injectAs(t, owner, 'GET', `${documentFileUrl}?inline=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('hardening', () => {
  it('sends the hardening headers on every answer: no sniffing, no referrer, isolated origin, a strict script policy', async () => {
    for (const url of ['/', '/api/health', '/api/v1/dashboard']) {
      const res = await injectAs(t, owner, 'GET', url);
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of ["default-src 'self'", "script-src 'self'", "script-src-attr 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
        expect(csp, url).toContain(directive);
      }
    }
  });
});

describe('caching', () => {
  it('marks every API answer no-store: JSON, errors, 404s and file downloads', async () => {
    const answers = [
      await injectAs(t, owner, 'GET', '/api/v1/account'),
      await injectAs(t, null, 'GET', '/api/v1/account'),
      await injectAs(t, owner, 'GET', '/api/v1/nothing-here'),
      await injectAs(t, owner, 'GET', documentFileUrl),
      await injectAs(t, owner, 'GET', `${documentFileUrl}?inline=1`),
      await injectAs(t, null, 'GET', '/api/health'),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
  });
});

describe('powerful features and transport', () => {
  it('sends a Permissions-Policy that turns off microphone and location, and the camera for anything framed', async () => {
    const res = await injectAs(t, null, 'GET', '/api/health');
    const policy = String(res.headers['permissions-policy']);
    for (const feature of ['camera=(self)', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy).toContain(feature);
  });

  it('sends HSTS only when the app is served over https', async () => {
    expect((await injectAs(t, null, 'GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
    const https = await buildTestApp({ publicUrl: 'https://heirloom.example' });
    try {
      const res = await injectAs(https, null, 'GET', '/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await https.close();
    }
  });
});

describe('the end-to-end test clock', () => {
  it('moves only for a signed-in administrator', async () => {
    const withClock = await buildTestApp({}, { testClockRoute: true });
    try {
      const admin = await sessionFor(withClock, await insertUser(withClock.db, { roles: ['admin'] }));
      const someone = await sessionFor(withClock, await insertOwner(withClock.db));
      const before = withClock.clock.now().getTime();
      expect((await injectAs(withClock, null, 'POST', '/api/v1/test/clock', { advanceMs: 60_000 })).statusCode).toBe(401);
      expect((await injectAs(withClock, someone, 'POST', '/api/v1/test/clock', { advanceMs: 60_000 })).statusCode).toBe(403);
      // (the clock runs on with real time; a refused move would have added a whole minute)
      expect(withClock.clock.now().getTime() - before).toBeLessThan(30_000);
      const moved = await injectAs(withClock, admin, 'POST', '/api/v1/test/clock', { advanceMs: 60_000 });
      expect(moved.statusCode).toBe(200);
      expect(withClock.clock.now().getTime() - before).toBeGreaterThanOrEqual(60_000);
    } finally {
      await withClock.close();
    }
  });
});
