import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPostgres } from '../../src/server/db/client.ts';
import { insertOwner } from '../factories/users.ts';
import { buildTestApp, sessionFor, type TestApp } from '../helpers.ts';

/** /livez, /readyz and /api/health as a load balancer and an orchestrator use them (ADR 0082). */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await sessionFor(t, await insertOwner(t.db))).cookie;
});
afterAll(async () => t.close());

const probe = (app: FastifyInstance, url: string, withCookie?: string) =>
  app.inject({ method: 'GET', url, headers: withCookie ? { cookie: withCookie } : {} });

describe('the probes', () => {
  it('answer 200, the same with or without a session cookie, and are never cached', async () => {
    for (const [url, body] of [
      ['/livez', { status: 'ok' }],
      ['/readyz', { status: 'ok', database: 'ok', storage: 'ok' }],
      ['/api/health', { status: 'ok', database: 'ok' }],
    ] as const) {
      for (const c of [undefined, cookie, 'heirloom_session=not-a-session']) {
        const res = await probe(t.app, url, c);
        expect(res.statusCode, `${url} ${c ?? ''}`).toBe(200);
        expect(res.json()).toEqual(body);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('/readyz: 503 naming the store when the file store fails, /livez still 200', async () => {
    const check = t.app.deps.files.check;
    t.app.deps.files.check = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    try {
      const res = await probe(t.app, '/readyz', cookie);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'down' });
      expect((await probe(t.app, '/livez')).statusCode).toBe(200);
    } finally {
      t.app.deps.files.check = check;
    }
  });

  it('/readyz: 503 within seconds when a dependency hangs (a frozen S3, a frozen database)', async () => {
    const { check } = t.app.deps.files;
    const { ping } = t.database;
    t.app.deps.files.check = () => new Promise(() => undefined);
    t.database.ping = () => new Promise(() => undefined);
    try {
      const started = performance.now();
      const res = await probe(t.app, '/readyz');
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'down', storage: 'down' });
    } finally {
      t.app.deps.files.check = check;
      t.database.ping = ping;
    }
  });
});

describe('with the database unreachable', () => {
  let app: FastifyInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-probes-'));
  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const database = openPostgres('postgres://postgres@127.0.0.1:1/none');
    const config = loadConfig({ NODE_ENV: 'test' }, { dataDir, masterKey: randomBytes(32).toString('base64'), webDist: path.join(dataDir, 'no-web') });
    app = await buildApp({ config, database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await app.deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('/api/health and /readyz say 503 database down, with a session cookie as without (it was a 500)', async () => {
    for (const c of [undefined, 'heirloom_session=abc']) {
      const health = await probe(app, '/api/health', c);
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'degraded', database: 'down' });
      const ready = await probe(app, '/readyz', c);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', storage: 'ok' });
      expect((await probe(app, '/livez', c)).statusCode).toBe(200);
    }
  });
});
