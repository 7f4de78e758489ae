import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PATHS } from '../../src/core/app-routes.ts';
import { SIGN_IN_RATE_LIMIT_PER_MINUTE } from '../../src/core/constants.ts';
import { loadConfig } from '../../src/server/config.ts';
import { auditLog } from '../../src/server/db/schema/system.ts';
import { insertUser } from '../factories/users.ts';
import { buildTestApp, signInFrom, type TestApp } from '../helpers.ts';

/** The HTTP edges a cluster behind a load balancer relies on (ADR 0082). */

const PROXY = '127.0.0.1';

const signInAuditIp = async (t: TestApp, userId: string) =>
  (await t.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'auth.sign_in'))))[0]?.ip;

/** Client A spends the sign-in limit on wrong passwords; then client B, through the same proxy, signs in. */
async function aExhaustsThenBSignsIn(t: TestApp) {
  const b = await insertUser(t.db, { roles: ['beneficiary'] });
  for (let i = 0; i < SIGN_IN_RATE_LIMIT_PER_MINUTE; i++) {
    expect((await signInFrom(t, '198.51.100.10', 'nobody@example.org', `guess-${i}`)).statusCode).toBe(401);
  }
  expect((await signInFrom(t, '198.51.100.10', 'nobody@example.org', 'guess')).statusCode).toBe(429);
  const res = await signInFrom(t, '203.0.113.20', b.email, b.password);
  return { status: res.statusCode, auditIp: await signInAuditIp(t, b.id) };
}

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ trustProxy: loadConfig({ TRUST_PROXY: PROXY }).trustProxy });
  });
  afterAll(async () => t.close());

  it("counts each client's sign-in attempts apart and audits the client's own address", async () => {
    expect(await aExhaustsThenBSignsIn(t)).toEqual({ status: 200, auditIp: '203.0.113.20' });
  });

  it('believes X-Forwarded-For only from the named proxy', async () => {
    const user = await insertUser(t.db, { roles: ['beneficiary'] });
    expect((await signInFrom(t, '203.0.113.99', user.email, user.password, '192.0.2.50')).statusCode).toBe(200);
    expect(await signInAuditIp(t, user.id)).toBe('192.0.2.50');
  });
});

describe('with no proxy trusted (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('ignores X-Forwarded-For: a client cannot choose its address to escape the limit', async () => {
    expect(await aExhaustsThenBSignsIn(t)).toEqual({ status: 429, auditIp: undefined });
  });

  it('audits the connecting address, not the one a client claims', async () => {
    const user = await insertUser(t.db, { roles: ['beneficiary'] });
    expect((await signInFrom(t, '203.0.113.30', user.email, user.password, '192.0.2.60')).statusCode).toBe(200);
    expect(await signInAuditIp(t, user.id)).toBe('192.0.2.60');
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const idOf = async (url: string, requestId?: string) =>
    (await t.app.inject({ method: 'GET', url, headers: requestId === undefined ? {} : { 'x-request-id': requestId } })).headers['x-request-id'];

  it('gives every answer a random id (unique across instances, not a per-process counter), errors too', async () => {
    const ids = [await idOf('/api/health'), await idOf('/api/health'), await idOf('/api/v1/dashboard'), await idOf('/api/v1/nothing-here')];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a well-formed incoming X-Request-Id (the proxy's) and replaces anything else", async () => {
    expect(await idOf('/api/health', 'nginx-7f3a.b_9')).toBe('nginx-7f3a.b_9');
    for (const bad of ['', 'has space', 'semi;colon', 'x'.repeat(65), '<script>']) expect(await idOf('/api/health', bad)).toMatch(UUID);
    expect(await idOf('/api/health', 'x'.repeat(64))).toBe('x'.repeat(64));
  });
});

describe('paths that are not the app', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Heirloom</title>');
    fs.writeFileSync(path.join(web, 'assets/index-AbC123.js'), 'export {};');
    t = await buildTestApp({ webDist: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('answer 404, not the app', async () => {
    for (const url of ['/metrics', '/healthz', '/wp-login.php', '/admin/config.php', '/api/anything-unknown', '/.env', '/assets/index-Old999.js', '/sign-in/extra', '/estate-owner/no-such-screen', '/invitations/abc/def', '/sign-in.bak']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('answer a browser asking for a page with 404 and the app, whose router shows its "not found" screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/estate-owner/no-such-screen', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Heirloom</title>');
    expect((await t.app.inject({ method: 'GET', url: '/wp-login.php', headers: { accept: 'text/html' } })).headers['content-type']).toMatch(/^application\/json/);
  });

  it("serves the app for every screen of the router's table, with example parameters, a query and a trailing slash", async () => {
    expect(APP_PATHS.length).toBeGreaterThan(50);
    for (const pattern of APP_PATHS) {
      const example = pattern.replace(/:[A-Za-z]+/g, 'a1b2-c3');
      for (const url of [example, `${example.replace(/\/$/, '')}/?next=%2Fhome`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' })).statusCode).toBe(200);
  });
});
