import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The database plus what is needed to run raw SQL (job queue) and to close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run one raw statement (used by the job queue adapter and health checks). */
  execute(sqlText: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations live beside the source; the compiled server finds them at the same relative path. */
export const MIGRATIONS_DIR = [path.join(here, 'migrations'), path.resolve(here, '../../../../../src/server/db/migrations')].find(
  (dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')),
) ?? path.join(here, 'migrations');

/** A PGlite instance with the extensions our migrations create (pg_trgm for substring search). */
export function newPglite(options: PGliteOptions = {}): PGlite {
  return new PGlite({ ...options, extensions: { pg_trgm } });
}

export async function openPglite(pglite: PGlite): Promise<Database> {
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    execute: async (text, params) => {
      const result = await pglite.query<Record<string, unknown>>(text, params as unknown[] | undefined);
      return { rows: result.rows };
    },
    close: () => pglite.close(),
  };
}

export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    execute: async (text, params) => {
      const result = await pool.query(text, params as unknown[] | undefined);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    close: () => pool.end(),
  };
}

/** PGlite in `<dataDir>/db` unless a PostgreSQL URL is given. */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  return openPglite(newPglite({ dataDir: dir }));
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
}
