import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { createJobScheduler } from '../jobs/scheduler.ts';
import { MIGRATIONS_DIR, migrateDatabase, openPostgres } from './client.ts';

const { url } = inject('dbTemplate');
const name = `heirloom_g_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: url });

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
});
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

it('three instances migrating an empty database at the same moment all succeed, and the schema is whole', async () => {
  const instances = [0, 1, 2].map(() => openPostgres(withDatabase(url, name)));
  try {
    const results = await Promise.allSettled(instances.map((database) => migrateDatabase(database)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const { rows } = await instances[0]!.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(journal.entries.length);
    const tables = await instances[0]!.execute(`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name in ('users', 'audit_log', 'outbox_emails')`);
    expect(tables.rows[0]!.n).toBe(3);
  } finally {
    await Promise.all(instances.map((database) => database.close()));
  }
});

it('three instances starting the job queue on that database at the same moment all start (its tables are made once)', async () => {
  const instances = [0, 1, 2].map(() => openPostgres(withDatabase(url, name)));
  const schedulers = instances.map((database) =>
    createJobScheduler({
      database,
      deps: () => {
        throw new Error('no job runs here');
      },
    }),
  );
  try {
    const results = await Promise.allSettled(schedulers.map((jobs) => jobs.enqueue('delete-due-accounts')));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    expect(await schedulers[0]!.stats()).toMatchObject({ queued: 3, failed: 0 });
  } finally {
    await Promise.all(schedulers.map((jobs) => jobs.stop()));
    await Promise.all(instances.map((database) => database.close()));
  }
});
