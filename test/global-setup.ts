import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPostgres } from '../src/server/db/client.ts';
import { startEmbeddedCluster } from '../src/server/db/embedded-postgres.ts';
import { buildCapsulePage } from '../scripts/build-capsule.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated template database on the test run's PostgreSQL (embedded, or DATABASE_URL's server). */
    dbTemplate: { url: string; template: string };
  }
}

/**
 * Migrate one template database once; every test file copies it (docs/architecture.md, "Tests").
 * Without DATABASE_URL the tests run on the embedded PostgreSQL (ADR 0051): one throwaway cluster
 * per run, without fsync (nothing in it has to survive a crash).
 */
export default async function setup(project: TestProject) {
  // Every Legacy Capsule carries open.html (config.capsulePage): built here as npm run build does.
  await buildCapsulePage();
  const clusterDir = path.resolve('.tmp', `pg-${process.pid}`);
  const embedded = process.env.DATABASE_URL
    ? null
    : await startEmbeddedCluster(clusterDir, { databases: [], settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } });
  const url = process.env.DATABASE_URL ?? embedded?.urlFor('postgres') ?? '';
  const template = `heirloom_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const database = openPostgres(withDatabase(url, template));
  await migrateDatabase(database);
  await database.close();
  project.provide('dbTemplate', { url, template });
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`heirloom_t_${process.pid}_%`, template],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.end();
    if (embedded) {
      await embedded.stop();
      fs.rmSync(clusterDir, { recursive: true, force: true });
    }
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
