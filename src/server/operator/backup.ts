import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { formatBytes } from '../../core/files.schemas.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { loadMasterKey } from '../lib/crypto.ts';
import { MASTER_KEY_FINGERPRINT_KEY, masterKeyFingerprint } from '../lib/master-key-fingerprint.ts';
import { createFileStore } from '../storage/create-file-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { addEntry, progressLine, writeParts } from './archive-parts.ts';
import {
  appVersion,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  blobPart,
  CHECKSUMS_ENTRY,
  COPY_SESSION_SETTINGS,
  MANIFEST_ENTRY,
  shippedMigrations,
  tablePart,
  type ArchiveChecksums,
  type ArchiveManifest,
} from './backup-format.ts';
import { columnList, platformTables } from './platform-tables.ts';
import { UsageError } from './verb.ts';

/** How many missing files are named on stderr (checksums.json lists them all). */
const MISSING_NOTES = 10;

export interface BackupSummary {
  tables: number;
  rows: number;
  blobs: number;
  bytes: number;
  missingBlobs: string[];
}

/** `heirloom backup --to FILE` (ADR 0084). */
export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } }, strict: true });
  if (!values.to) throw new UsageError('--to: required (the archive file to write)');
  const file = path.resolve(values.to);
  if (fs.existsSync(file)) {
    console.error(`${file} already exists: choose a new name (a backup never overwrites one).`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  const started = Date.now();
  try {
    const made = await backupPlatform({ config, database, store: createFileStore(config), file });
    const size = (await fsp.stat(file)).size;
    console.log(
      `Wrote ${file}: ${made.rows} rows in ${made.tables} tables, ${made.blobs} files, ${formatBytes(size)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (made.missingBlobs.length) console.log(`${made.missingBlobs.length} files were not in the store (deleted while the backup ran, or lost before): their rows are in it without their bytes.`);
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Writes the whole platform to `file` while the server keeps running: every table's rows from one
 * snapshot (a REPEATABLE READ READ ONLY transaction), then every stored blob the snapshot's files
 * rows name, as stored (encrypted). Streamed: a part of at most PART_BYTES is in memory at a time.
 * Written to `file.partial` and renamed when whole.
 */
export async function backupPlatform(options: { config: Pick<Config, 'masterKey' | 'dataDir'>; database: Database; store: FileStore; file: string }): Promise<BackupSummary> {
  const { database, store, file } = options;
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  written.catch(() => undefined);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const progress = progressLine();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const setting of COPY_SESSION_SETTINGS) await client.query(setting);
    const manifest = await describe(client, database, store, options.config);
    const { rows: fileRows } = await client.query<{ key: string; status: string }>('SELECT storage_key AS key, status FROM files ORDER BY storage_key');
    await addEntry(pack, MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));

    const checksums: ArchiveChecksums = { tables: {}, blobs: {}, missingBlobs: [] };
    let bytes = 0;
    let rows = 0;
    for (const [i, table] of manifest.tables.entries()) {
      const source = client.query(copyTo(`COPY "${table.name}" (${columnList(table.columns)}) TO STDOUT`));
      const sum = await writeParts(pack, (part) => tablePart(table.name, part), source, (n) => {
        bytes += n;
        progress.show(`tables ${i + 1}/${manifest.tables.length} (${table.name}) · ${formatBytes(bytes)}`);
      });
      checksums.tables[table.name] = { rows: sum.lines, bytes: sum.bytes, sha256: sum.sha256 };
      rows += sum.lines;
    }
    // The rows are read: the snapshot is let go, so a long copy of the blobs holds back no vacuum.
    await client.query('COMMIT');

    for (const [i, { key, status }] of fileRows.entries()) {
      progress.show(`files ${i + 1}/${fileRows.length} · ${formatBytes(bytes)}`);
      const blob = await store.get(key).catch((error: unknown) => {
        // A pending upload has no blob yet; a committed one's was deleted after the snapshot or lost
        // before it (the backup goes on: the rest is worth keeping); any other failure of the store stops it.
        if (status !== 'committed') return null;
        if (!isNotFound(error)) throw error;
        const count = checksums.missingBlobs.push(key);
        if (count <= MISSING_NOTES) process.stderr.write(`note: ${key} is not in the store (deleted after the snapshot, or lost); its row is kept without its bytes\n`);
        if (count === MISSING_NOTES + 1) process.stderr.write(`note: more files are not in the store; ${CHECKSUMS_ENTRY} lists them all (missingBlobs)\n`);
        return null;
      });
      if (!blob) continue;
      const sum = await writeParts(pack, (part) => blobPart(key, part), blob, (n) => {
        bytes += n;
        progress.show(`files ${i + 1}/${fileRows.length} · ${formatBytes(bytes)}`);
      });
      checksums.blobs[key] = { bytes: sum.bytes, sha256: sum.sha256 };
    }
    await addEntry(pack, CHECKSUMS_ENTRY, Buffer.from(`${JSON.stringify(checksums, null, 2)}\n`));
    pack.finalize();
    await written;
    await fsp.rename(partial, file);
    return { tables: manifest.tables.length, rows, blobs: Object.keys(checksums.blobs).length, bytes, missingBlobs: checksums.missingBlobs };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    pack.destroy();
    await written.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  } finally {
    progress.done();
    await client.end();
  }
}

/** What the archive says up front, read inside the snapshot. */
async function describe(client: pg.Client, database: Database, store: FileStore, config: Pick<Config, 'masterKey' | 'dataDir'>): Promise<ArchiveManifest> {
  const shipped = shippedMigrations();
  const { rows: applied } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations');
  const count = applied[0]!.count;
  if (count < 1 || count > shipped.length) {
    throw new Error(`the database has ${count} migrations and this version knows ${shipped.length}: run the version that migrated it (or heirloom migrate first)`);
  }
  const { rows: keyRows } = await client.query<{ value: { fingerprint?: string } }>('SELECT value FROM system_settings WHERE key = $1', [MASTER_KEY_FINGERPRINT_KEY]);
  const fingerprint = keyRows[0]?.value.fingerprint ?? masterKeyFingerprint(loadMasterKey(config.masterKey, config.dataDir));
  const { rows: version } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  const { rows: sequences } = await client.query<{ name: string; lastValue: string | null }>(
    `SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename COLLATE "C"`,
  );
  return {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    appVersion: appVersion(),
    createdAt: new Date().toISOString(),
    masterKeyFingerprint: fingerprint,
    migrations: { count, lastTag: shipped[count - 1]!.tag },
    source: { database: database.kind, postgresVersion: version[0]!.v, storage: store.kind },
    tables: await platformTables(client),
    sequences,
  };
}

/** The store has no such object (disk ENOENT, S3 NoSuchKey / 404), as opposed to a store that failed. */
function isNotFound(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
  return e.code === 'ENOENT' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
