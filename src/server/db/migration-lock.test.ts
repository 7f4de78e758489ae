import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { createJobScheduler } from '../jobs/scheduler.ts';
import { describeMigrationRun, MIGRATIONS_DIR, migrateDatabase, openPostgres } from './client.ts';

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

it('three instances migrating an empty database at the same moment all succeed, the schema is whole, and each says what it did', async () => {
  const instances = [0, 1, 2].map(() => openPostgres(withDatabase(url, name)));
  try {
    const results = await Promise.allSettled(instances.map((database) => migrateDatabase(database)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    // One applied every migration, by name; the others waited for its lock and found nothing to do.
    const runs = results.map((r) => (r.status === 'fulfilled' ? r.value : { applied: [], waitedMs: 0 })).sort((a, b) => b.applied.length - a.applied.length);
    expect(runs.map((run) => run.applied)).toEqual([journal.entries.map((e) => e.tag), [], []]);
    expect(runs.slice(1).every((run) => run.waitedMs > 0)).toBe(true);
    expect(describeMigrationRun(runs[0]!)).toMatch(new RegExp(`^database schema migrated: applied ${journal.entries.length} migrations \\(0000_init … ${journal.entries.at(-1)!.tag}\\)`));
    expect(describeMigrationRun(runs[1]!)).toMatch(/^database schema already up to date \(no migration to apply; waited \d+\.\d s for another instance's migration lock\)$/);
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
