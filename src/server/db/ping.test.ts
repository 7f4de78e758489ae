import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { withDatabase } from '../../../test/global-setup.ts';

/**
 * The probes ask the database every time (ADR 0091): the moment it is gone they say so, even right
 * after it answered one of the app's own statements (ADR 0073 used to count such an answer as the
 * database answering for a second). The database is "taken away" by refusing new connections and
 * ending the open ones.
 */
let t: TestApp;
let admin: pg.Client;
let name: string;

const setConnections = async (allowed: boolean) => {
  await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${allowed}`);
  if (!allowed) await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  name = new URL(t.databaseUrl).pathname.slice(1);
  admin = new pg.Client({ connectionString: withDatabase(inject('dbTemplate').url, 'postgres') });
  await admin.connect();
});

afterAll(async () => {
  await setConnections(true);
  await admin.end();
  await t.close();
});

describe('the database probe', () => {
  it('says ok while the database answers, and down right after it is gone', async () => {
    await expect(t.database.ping()).resolves.toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await t.database.execute('select 1'); // one of the app's own statements, answered
    await setConnections(false);

    await expect(t.database.ping()).rejects.toThrow();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded', database: 'down' });
  });

  it('says ok again once the database is back', async () => {
    await setConnections(true);
    await expect(t.database.ping()).resolves.toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
