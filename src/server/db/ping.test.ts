import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyTemplateDatabase } from '../../../test/helpers.ts';
import { withDatabase } from '../../../test/global-setup.ts';
import { openPostgres, RECENT_ANSWER_MS, type Database } from './client.ts';

/**
 * ADR 0073: an answer to one of the app's own statements within RECENT_ANSWER_MS says the database
 * answers, so a health probe of a busy server needs no round trip; past that, or after a failed
 * statement, the probe asks the database itself. The database is "taken away" by refusing new
 * connections and ending the open ones.
 */
let admin: pg.Client;
let name: string;
let database: Database;
let now = 0;

const setConnections = async (allowed: boolean) => {
  await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${allowed}`);
  if (!allowed) await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
};

beforeAll(async () => {
  const copy = await copyTemplateDatabase();
  name = copy.name;
  admin = new pg.Client({ connectionString: withDatabase(inject('dbTemplate').url, 'postgres') });
  await admin.connect();
  database = openPostgres(copy.url, 'postgres', { now: () => now });
});

afterAll(async () => {
  await setConnections(true);
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

describe('Database.ping', () => {
  it('a failed statement is no evidence: the probe asks, and says the database is down', async () => {
    now = 0;
    await expect(database.execute('select 1/0')).rejects.toThrow(/division by zero/);
    await setConnections(false);
    now = 1;
    await expect(database.ping()).rejects.toThrow();
  });

  it('an answer within RECENT_ANSWER_MS stands for the probe; one older does not', async () => {
    await setConnections(true);
    now = 10_000;
    await database.execute('select 1');
    await setConnections(false);

    now = 10_000 + RECENT_ANSWER_MS - 1;
    await expect(database.ping()).resolves.toBeUndefined();
    now = 10_000 + RECENT_ANSWER_MS;
    await expect(database.ping()).rejects.toThrow();
  });
});
