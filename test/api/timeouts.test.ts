import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../src/server/db/client.ts';
import { allowLongStatements } from '../../src/server/db/statement-timeout.ts';
import { AdjustableClock } from '../../src/server/lib/clock.ts';
import { UNANSWERED_MESSAGE, unansweredDependency } from '../../src/server/lib/unanswered.ts';
import { makePdf, multipartBody } from '../factories/files.ts';
import { insertOwner } from '../factories/users.ts';
import { postgresTarget, startFreezableProxy, throughProxy, type FreezableProxy } from '../freezable-proxy.ts';
import { copyTemplateDatabase, injectAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';

/**
 * ADR 0086: a frozen database or S3 store gives a clear 503 within seconds, never a hang. Both sit
 * behind a TCP proxy that can freeze (it accepts and passes nothing, as a hung server does).
 */
const TIMEOUT_MS = 1_000;
/** What "within seconds" means here: the timeouts above plus a loaded 2-core machine's slack. */
const WITHIN_MS = 6_000;

let t: TestApp;
let dbProxy: FreezableProxy;
let s3Proxy: FreezableProxy;
let s3: S3rver;
let owner: TestSession;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-timeouts-'));

beforeAll(async () => {
  const { url } = await copyTemplateDatabase();
  dbProxy = await startFreezableProxy(postgresTarget(url));
  s3 = new S3rver({ address: '127.0.0.1', port: 4301, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'timeouts', configs: [] }] });
  const { port } = await s3.run();
  s3Proxy = await startFreezableProxy({ host: '127.0.0.1', port });
  const database = openPostgres(throughProxy(url, dbProxy.port), 'postgres', { timeouts: { statementMs: TIMEOUT_MS, acquireMs: TIMEOUT_MS } });
  const config = loadConfig({ NODE_ENV: 'test' }, {
    dataDir: dir,
    masterKey: randomBytes(32).toString('base64'),
    webDist: path.join(dir, 'no-web'),
    slowRequestMs: 600_000,
    s3: { bucket: 'timeouts', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', endpoint: `http://127.0.0.1:${s3Proxy.port}`, timeoutMs: TIMEOUT_MS },
  });
  const clock = new AdjustableClock();
  const app = await buildApp({ config, database, clock, logger: false });
  t = { app, db: database.db, database, databaseUrl: url, clock, config, close: async () => undefined };
  owner = await sessionFor(t, await insertOwner(t.db));
});

afterAll(async () => {
  dbProxy.thaw();
  s3Proxy.thaw();
  await t.app.close();
  await t.database.close();
  await Promise.all([dbProxy.close(), s3Proxy.close()]);
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = (title: string) => {
  const { payload, headers } = multipartBody([
    { name: 'title', value: title },
    { name: 'type', value: 'legal' },
    { name: 'file', filename: 'will.pdf', data: makePdf(title), contentType: 'application/pdf' },
  ]);
  return injectAs(t, owner, 'POST', '/api/v1/documents', payload, { headers });
};

/** Runs `call` and says how it answered and how long it took. */
async function timed(call: () => Promise<{ statusCode: number; body: string }>) {
  const started = performance.now();
  const res = await call();
  return { status: res.statusCode, body: res.body, ms: performance.now() - started };
}

function expectUnanswered(res: { status: number; body: string; ms: number }) {
  expect(res.status, res.body).toBe(503);
  expect(res.ms).toBeLessThan(WITHIN_MS);
  expect(JSON.parse(res.body)).toEqual({ error: { code: ERROR_CODES.unavailable, message: UNANSWERED_MESSAGE } });
}

describe('a frozen S3 store', () => {
  it('a download, an upload and /readyz answer 503 within seconds; all works again after', async () => {
    const stored = await upload('Kept before the freeze');
    expect(stored.statusCode, stored.body).toBe(201);
    const fileUrl = stored.json().file.url as string;
    s3Proxy.freeze();
    try {
      expectUnanswered(await timed(() => injectAs(t, owner, 'GET', fileUrl)));
      expectUnanswered(await timed(() => upload('Sent while frozen')));
      const ready = await timed(() => t.app.inject({ method: 'GET', url: '/readyz' }));
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(WITHIN_MS);
      expect(JSON.parse(ready.body)).toEqual({ status: 'unavailable', database: 'ok', storage: 'down' });
    } finally {
      s3Proxy.thaw();
    }
    const again = await injectAs(t, owner, 'GET', fileUrl);
    expect(again.statusCode).toBe(200);
  });
});

describe('a frozen database', () => {
  it('signed-in requests (more than the pool holds), /readyz and /api/health answer 503 within seconds; the pool recovers after', async () => {
    expect((await injectAs(t, owner, 'GET', '/api/v1/documents')).statusCode).toBe(200);
    dbProxy.freeze();
    try {
      // 15 at once: 10 take the pool's connections and wait for answers, 5 wait for a connection.
      // Each its own address: nothing answered before may be served again without the database.
      const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => timed(() => injectAs(t, owner, 'GET', `/api/v1/documents?limit=${i + 1}`))));
      for (const res of answers) expectUnanswered(res);
      const ready = await timed(() => t.app.inject({ method: 'GET', url: '/readyz', headers: { cookie: owner.cookie } }));
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(WITHIN_MS);
      expect(JSON.parse(ready.body)).toMatchObject({ status: 'unavailable', database: 'down' });
      const health = await timed(() => t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: owner.cookie } }));
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(WITHIN_MS);
    } finally {
      dbProxy.thaw();
    }
    // The connections left waiting for a lost answer were closed, not handed out again.
    const after = await injectAs(t, owner, 'GET', '/api/v1/documents?limit=20');
    expect(after.statusCode, after.body).toBe(200);
  });
});

describe('the statement timeout', () => {
  it('PostgreSQL cancels a statement past it (a 503 kind of failure); a transaction that allows long statements runs it', async () => {
    const slow = sql`select pg_sleep(${(TIMEOUT_MS * 1.5) / 1000})`;
    const refused = await t.db.execute(slow).then(() => null, (error: unknown) => error);
    expect(unansweredDependency(refused)).toBe('database');
    await t.db.transaction(async (tx) => {
      await allowLongStatements(tx, TIMEOUT_MS * 5);
      await tx.execute(slow);
    });
    // The allowance ended with its transaction: the same connections cancel it again.
    for (let i = 0; i < 3; i++) expect(unansweredDependency(await t.db.execute(slow).then(() => null, (error: unknown) => error))).toBe('database');
  });
});
