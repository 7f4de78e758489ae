import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from '../config.ts';
import { EMBEDDED_DATABASE, startEmbeddedCluster } from './embedded-postgres.ts';
import { CONNECTION_MAX_USES, MAX_PREPARED_PER_CONNECTION, preparingClient, type StatementTally } from './prepared-statements.ts';
import * as schema from './schema/index.ts';
import { unreachableDatabase } from './unreachable-database.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Run `work` in one transaction, handed the transaction as a Db: drizzle types a transaction apart
 * from the database it came from though it has every query method, and services take a Db.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** The database plus what is needed to run raw SQL (job queue) and to close it. */
export interface Database {
  db: Db;
  /** 'embedded': the PostgreSQL this process runs from the data folder; 'postgres': a server at DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** Its connection URL: for work that needs a connection of its own (the migration lock). */
  url: string;
  /** Run one raw statement (used by the job queue adapter and health checks). */
  execute(sqlText: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Is the database answering? `select 1` on a connection of its own, every time, never queued
   * behind the app's requests (ADR 0058). Rejects after PING_TIMEOUT_MS.
   */
  ping(): Promise<void>;
  /** The app pool's connections now: open, idle among them, and checkouts waiting for one (the metrics, ADR 0086). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Statements the app pool has sent since start (the metrics; the bench divides it by requests). */
  statementsSent(): number;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations live beside the source; the compiled server finds them at the same relative path. */
export const MIGRATIONS_DIR = [path.join(here, 'migrations'), path.resolve(here, '../../../../../src/server/db/migrations')].find(
  (dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')),
) ?? path.join(here, 'migrations');

export const PING_TIMEOUT_MS = 2_000;

/**
 * `timeouts` (ADR 0086): each statement is cancelled by PostgreSQL after `statementMs` (and given
 * up by the client a little later, for a database that cannot even cancel); a request waits at most
 * `acquireMs` for a connection.
 */
export function openPostgres(
  url: string,
  kind: Database['kind'] = 'postgres',
  { timeouts = DEFAULT_DATABASE_TIMEOUTS }: { timeouts?: DatabaseTimeouts } = {},
): Database {
  const sent: StatementTally = { count: 0 };
  // pg's pool: a checkout waits in order of asking, and gives up after connectionTimeoutMillis
  // (ADR 0086) — opening a connection or waiting for a free one alike.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    Client: preparingClient(MAX_PREPARED_PER_CONNECTION, timeouts.statementMs, sent),
    maxUses: CONNECTION_MAX_USES,
    statement_timeout: timeouts.statementMs,
    connectionTimeoutMillis: timeouts.acquireMs,
  });
  // The probe keeps its one connection (idleTimeoutMillis 0): opening a backend on a saturated
  // 2-core machine took the first probe of a load 2.4 s (the pool's default closes it after 10 s idle).
  const probe = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: PING_TIMEOUT_MS, query_timeout: PING_TIMEOUT_MS });
  // An idle client error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  probe.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind,
    url,
    execute: async (text, params) => {
      const result = await pool.query(text, params as unknown[] | undefined);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    ping: async () => {
      await probe.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    statementsSent: () => sent.count,
    close: async () => {
      await Promise.all([pool.end(), probe.end()]);
    },
  };
}

/** The embedded PostgreSQL in `<dataDir>/pg` (ADR 0051) unless a PostgreSQL URL is given. */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string; dbTimeouts?: DatabaseTimeouts }): Promise<Database> {
  const timeouts = options.dbTimeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, 'postgres', { timeouts });
  warnAboutPgliteData(options.dataDir);
  const cluster = await startEmbeddedCluster(path.join(options.dataDir, 'pg'));
  const database = openPostgres(cluster.urlFor(EMBEDDED_DATABASE), 'embedded', { timeouts });
  return {
    ...database,
    close: async () => {
      await database.close();
      await cluster.stop();
    },
  };
}

/** Before ADR 0051 the embedded database was PGlite in `<dataDir>/db`; its data is not carried over. */
function warnAboutPgliteData(dataDir: string): void {
  if (fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION')) && !fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    console.warn(
      `Note: ${path.join(dataDir, 'db')} holds data of the former embedded database (PGlite), which this version does not read. ` +
        'A new embedded PostgreSQL is created in ' + path.join(dataDir, 'pg') + '.',
    );
  }
}

/** How long a start waits for the database server to accept its first connection. */
const FIRST_CONNECTION_TIMEOUT_MS = 15_000;

/** Key of the session-level advisory lock every schema change at start holds (`heirloom migrate`, each server start). */
export const MIGRATION_LOCK = [0x48_4c_4d_47, 1] as const; // "HLMG"

/**
 * Runs `work` while holding the migration lock (ADR 0081) on a connection of its own, handed to
 * `work`: instances starting together take turns, and the later ones find nothing left to do.
 * Closing the connection releases the lock, also when `work` fails.
 */
export async function withMigrationLock<T>(database: Database, work: (client: pg.Client, waitedMs: number) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: FIRST_CONNECTION_TIMEOUT_MS });
  // The first connection a start or a command makes: a wrong or unreachable DATABASE_URL is one line.
  await client.connect().catch((error: unknown) => {
    throw (database.kind === 'postgres' ? unreachableDatabase(error, database.url) : undefined) ?? error;
  });
  try {
    const started = Date.now();
    const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1::int4, $2::int4) as got', [...MIGRATION_LOCK]);
    if (!rows[0]?.got) await client.query('select pg_advisory_lock($1::int4, $2::int4)', [...MIGRATION_LOCK]);
    return await work(client, rows[0]?.got ? 0 : Math.max(1, Date.now() - started));
  } finally {
    await client.end();
  }
}

/** What one migration run did: the migrations it applied (by name, in order) and how long it waited for another's lock. */
export interface MigrationRun {
  applied: string[];
  /** 0 when the lock was free; else how long another instance (or `heirloom migrate`) held it. */
  waitedMs: number;
}

/**
 * The migrations of `migrationsFolder` not yet applied to the database `query` reaches, in order
 * (drizzle's own rule: those newer than the last applied), and how many the folder has.
 */
export async function pendingMigrations(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<{ pending: string[]; total: number }> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  const { rows: [table] } = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  const { rows: [latest] } = table?.present ? await query('select max(created_at)::text as last from drizzle.__drizzle_migrations') : { rows: [] };
  const last = latest?.last == null ? -Infinity : Number(latest.last);
  return { pending: journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag), total: journal.entries.length };
}

/**
 * Brings the schema up to date under the migration lock. Drizzle takes no lock of its own: without
 * one, two runs on an empty database both create drizzle's table and one dies on a duplicate key.
 * `migrationsFolder`: another journal (a restore first migrates only as far as its archive, ADR 0084).
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<MigrationRun> {
  return withMigrationLock(database, async (client, waitedMs) => {
    const { pending: applied } = await pendingMigrations((text) => client.query(text), migrationsFolder);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migratePg(drizzlePg(client, { schema }) as any, { migrationsFolder });
    return { applied, waitedMs };
  });
}

/** The start log's and `heirloom migrate`'s words for a run: what it applied, or that there was nothing to apply. */
export function describeMigrationRun(run: MigrationRun): string {
  const waited = run.waitedMs > 0 ? `; waited ${(run.waitedMs / 1000).toFixed(1)} s for another instance's migration lock` : '';
  if (!run.applied.length) return `database schema already up to date (no migration to apply${waited})`;
  const names = run.applied.length > 3 ? `${run.applied[0]} … ${run.applied.at(-1)}` : run.applied.join(', ');
  return `database schema migrated: applied ${run.applied.length} migration${run.applied.length === 1 ? '' : 's'} (${names})${waited}`;
}
