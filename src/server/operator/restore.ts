import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import tar from 'tar-stream';
import { formatBytes } from '../../core/files.schemas.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrateDatabase, MIGRATIONS_DIR, openDatabase, type Database } from '../db/client.ts';
import { loadMasterKey } from '../lib/crypto.ts';
import { masterKeyFingerprint } from '../lib/master-key-fingerprint.ts';
import { createFileStore } from '../storage/create-file-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { PartsReader, progressLine, type StreamSum } from './archive-parts.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  CHECKSUMS_ENTRY,
  COPY_SESSION_SETTINGS,
  MANIFEST_ENTRY,
  parsePart,
  shippedMigrations,
  zArchiveChecksums,
  zArchiveManifest,
  type ArchiveManifest,
} from './backup-format.ts';
import { columnList, platformTables } from './platform-tables.ts';
import { messageOf, UsageError } from './verb.ts';

/** Why a restore does not go ahead (or does not finish): printed as one line, exit 1. */
export class RestoreRefused extends Error {}

export interface RestoreSummary {
  tables: number;
  rows: number;
  blobs: number;
  manifest: ArchiveManifest;
}

/** `heirloom restore FILE` (ADR 0084). */
export async function run(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError('FILE: one archive to restore (written by heirloom backup)');
  const file = path.resolve(positionals[0]!);
  if (!fs.existsSync(file)) {
    console.error(`${file} does not exist.`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  const started = Date.now();
  try {
    const done = await restorePlatform({ config, database, store: createFileStore(config), file });
    console.log(
      `Restored ${done.rows} rows in ${done.tables} tables and ${done.blobs} files from ${file} (made ${done.manifest.createdAt} by version ${done.manifest.appVersion}) ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s. Run heirloom verify-audit, then start the server.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

/**
 * Loads an archive into an empty installation: refuses a database with rows or a store with blobs,
 * an archive of another format or of a newer schema, and a master key other than the archive's
 * before anything is written. Then migrates as far as the archive's schema, loads every table in
 * one transaction (COPY FROM, parents first), writes the blobs to the store, and commits only when
 * every table's and blob's checksum matched; otherwise it rolls back and deletes the blobs it wrote.
 * Last, the migrations newer than the archive run.
 */
export async function restorePlatform(options: { config: Pick<Config, 'masterKey' | 'dataDir'>; database: Database; store: FileStore; file: string }): Promise<RestoreSummary> {
  const { database, store } = options;
  const extract = tar.extract();
  const source = pipeline(fs.createReadStream(options.file), extract);
  source.catch(() => undefined);
  const entries = extract[Symbol.asyncIterator]();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const written: string[] = [];
  const progress = progressLine();
  try {
    const first = await entries.next();
    if (first.done || first.value.header.name !== MANIFEST_ENTRY) throw new RestoreRefused(`${options.file} is not a Heirloom backup (it does not begin with ${MANIFEST_ENTRY}).`);
    const manifest = acceptManifest(await readJson(first.value), options.config);
    await refuseUnlessEmpty(client, store);
    await migrateTo(database, manifest.migrations.count);
    await matchSchema(client, manifest);

    await client.query('BEGIN');
    for (const setting of COPY_SESSION_SETTINGS) await client.query(setting);
    const sums = { tables: new Map<string, StreamSum>(), blobs: new Map<string, StreamSum>() };
    const tables = new Map(manifest.tables.map((t) => [t.name, t]));
    let open: PartsReader | null = null;
    let bytes = 0;
    const close = async () => {
      if (!open) return;
      sums[open.kind].set(open.stream, await open.end());
      open = null;
    };
    let trailer: unknown = null;
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const entry = next.value;
      const name = entry.header.name;
      if (trailer !== null) throw new RestoreRefused(`The archive goes on after ${CHECKSUMS_ENTRY} (${name}): it is not one this version wrote.`);
      if (name === CHECKSUMS_ENTRY) {
        await close();
        trailer = await readJson(entry);
        continue;
      }
      const part = parsePart(name);
      if (!part) throw new RestoreRefused(`The archive holds an entry this version does not know: ${name}.`);
      const reader: PartsReader | null = open;
      if (!reader || reader.kind !== part.kind || reader.stream !== part.stream) {
        await close();
        if (sums[part.kind].has(part.stream)) throw new RestoreRefused(`The archive holds ${part.stream} twice.`);
        open = await startStream(client, store, tables, part.kind, part.stream, written);
      }
      const current = open!;
      if (part.part !== current.nextPart++) throw new RestoreRefused(`The archive's ${name} is out of order: it is damaged.`);
      for await (const chunk of entry) {
        await current.write(chunk as Buffer);
        bytes += (chunk as Buffer).length;
        progress.show(`${part.kind === 'tables' ? `tables ${sums.tables.size + 1}/${manifest.tables.length}` : `files ${sums.blobs.size + 1}`} · ${formatBytes(bytes)}`);
      }
    }
    if (trailer === null) throw new RestoreRefused(`The archive ends before ${CHECKSUMS_ENTRY}: it is cut short.`);
    await source;
    const checksums = zArchiveChecksums.safeParse(trailer);
    if (!checksums.success) throw new RestoreRefused(`The archive's ${CHECKSUMS_ENTRY} is not valid: it is damaged.`);
    checkSums(manifest, checksums.data, sums);

    for (const { name, lastValue } of manifest.sequences) {
      if (lastValue !== null) await client.query('SELECT setval($1::regclass, $2::bigint, true)', [`"${name}"`, lastValue]);
    }
    await client.query('COMMIT');
    progress.done();
    await migrateDatabase(database);
    const rows = [...sums.tables.values()].reduce((n, s) => n + s.lines, 0);
    return { tables: manifest.tables.length, rows, blobs: sums.blobs.size, manifest };
  } catch (error) {
    progress.done();
    await client.query('ROLLBACK').catch(() => undefined);
    extract.destroy();
    for (const key of written) await store.delete(key).catch(() => undefined);
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`The restore stopped and nothing was kept: ${messageOf(error)}`);
  } finally {
    await client.end();
  }
}

async function readJson(entry: AsyncIterable<unknown>): Promise<unknown> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of entry) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length > 64 * 1024 * 1024) throw new RestoreRefused('The archive is damaged: a JSON entry is larger than 64 MB.');
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new RestoreRefused('The archive is damaged: a JSON entry does not parse.');
  }
}

/** The archive's own checks, before anything is written: its format, its schema, its key. */
function acceptManifest(json: unknown, config: Pick<Config, 'masterKey' | 'dataDir'>): ArchiveManifest {
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== ARCHIVE_FORMAT) throw new RestoreRefused('This is not a Heirloom backup archive.');
  if (format.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new RestoreRefused(`The archive is in backup format ${String(format.formatVersion)}; this version reads format ${ARCHIVE_FORMAT_VERSION} only.`);
  }
  const parsed = zArchiveManifest.safeParse(json);
  if (!parsed.success) throw new RestoreRefused(`The archive's ${MANIFEST_ENTRY} is not valid: it is damaged.`);
  const manifest = parsed.data;
  const shipped = shippedMigrations();
  const { count, lastTag } = manifest.migrations;
  if (count > shipped.length) {
    throw new RestoreRefused(`The archive was made by a newer version (${manifest.appVersion}, ${count} migrations; this one has ${shipped.length}): restore it with that version or a later one.`);
  }
  if (shipped[count - 1]!.tag !== lastTag) throw new RestoreRefused(`The archive's schema (${lastTag}) is not one this version has: it was made by another line of Heirloom.`);

  const keyFile = path.join(config.dataDir, 'master.key');
  if (!config.masterKey && !fs.existsSync(keyFile)) {
    throw new RestoreRefused(`No master key is set: set MASTER_KEY to the key of the installation the archive was made from (fingerprint ${manifest.masterKeyFingerprint}).`);
  }
  const mine = masterKeyFingerprint(loadMasterKey(config.masterKey, config.dataDir));
  if (mine !== manifest.masterKeyFingerprint) {
    throw new RestoreRefused(
      `${config.masterKey ? 'MASTER_KEY' : keyFile} is not the key the archive's files and secrets are locked with (the archive's fingerprint ${manifest.masterKeyFingerprint}; this key's ${mine}). Set MASTER_KEY to the original key.`,
    );
  }
  return manifest;
}

async function refuseUnlessEmpty(client: pg.Client, store: FileStore): Promise<void> {
  const filled: string[] = [];
  for (const table of await platformTables(client)) {
    if ((await client.query(`SELECT 1 FROM "${table.name}" LIMIT 1`)).rowCount) filled.push(table.name);
  }
  if (filled.length) {
    throw new RestoreRefused(
      `The database is not empty (${filled.length} tables hold rows: ${filled.slice(0, 3).join(', ')}${filled.length > 3 ? ', …' : ''}): restore into a new, empty database (and do not start the server on it first).`,
    );
  }
  for await (const object of store.list('')) {
    throw new RestoreRefused(`The file store is not empty (it holds ${object.key}): restore into a new, empty folder or bucket.`);
  }
}

/** Applies the migrations up to the archive's, and refuses a database already past them. */
async function migrateTo(database: Database, count: number): Promise<void> {
  const { rows } = await database.execute(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated`);
  if (rows[0]?.migrated) {
    const applied = Number((await database.execute('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows[0]?.n);
    if (applied > count) throw new RestoreRefused(`The database is already migrated past the archive's schema (${applied} migrations; the archive's ${count}): restore into a new database.`);
  }
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'heirloom-restore-migrations-'));
  try {
    const journal = JSON.parse(await fsp.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, count);
    await fsp.mkdir(path.join(folder, 'meta'));
    await fsp.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries) await fsp.copyFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    await migrateDatabase(database, folder);
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** The migrated schema has the archive's tables and columns (else the archive was not made from this schema). */
async function matchSchema(client: pg.Client, manifest: ArchiveManifest): Promise<void> {
  const here = new Map((await platformTables(client)).map((t) => [t.name, t.columns.join(',')]));
  const differs = manifest.tables.filter((t) => here.get(t.name) !== t.columns.join(','));
  if (differs.length || here.size !== manifest.tables.length) {
    throw new RestoreRefused(`The archive's tables do not match its schema ${manifest.migrations.lastTag} (${differs.map((t) => t.name).join(', ') || 'a table is missing'}): it is damaged.`);
  }
}

async function startStream(
  client: pg.Client,
  store: FileStore,
  tables: Map<string, ArchiveManifest['tables'][number]>,
  kind: 'tables' | 'blobs',
  stream: string,
  written: string[],
): Promise<PartsReader> {
  if (kind === 'tables') {
    const table = tables.get(stream);
    if (!table) throw new RestoreRefused(`The archive holds rows of a table its manifest does not name: ${stream}.`);
    return new PartsReader(kind, stream, (body) => pipeline(body, client.query(copyFrom(`COPY "${table.name}" (${columnList(table.columns)}) FROM STDIN`))));
  }
  // Only the blobs of the archive's own files rows (loaded before them) are written.
  if (!(await client.query('SELECT 1 FROM files WHERE storage_key = $1', [stream])).rowCount) {
    throw new RestoreRefused(`The archive holds a file no row names: ${stream}.`);
  }
  written.push(stream);
  return new PartsReader(kind, stream, (body) => store.put(stream, body));
}

function checkSums(manifest: ArchiveManifest, checksums: NonNullable<ReturnType<typeof zArchiveChecksums.safeParse>['data']>, sums: { tables: Map<string, StreamSum>; blobs: Map<string, StreamSum> }): void {
  const empty: StreamSum = { bytes: 0, sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', lines: 0 };
  for (const table of manifest.tables) {
    const expected = checksums.tables[table.name];
    const got = sums.tables.get(table.name) ?? empty;
    if (!expected || expected.sha256 !== got.sha256 || expected.rows !== got.lines || expected.bytes !== got.bytes) {
      throw new RestoreRefused(`The archive's rows of ${table.name} do not match their checksum: it is damaged. Nothing was restored.`);
    }
  }
  const blobKeys = new Set([...Object.keys(checksums.blobs), ...sums.blobs.keys()]);
  for (const key of blobKeys) {
    const expected = checksums.blobs[key];
    const got = sums.blobs.get(key);
    if (!expected || !got || expected.sha256 !== got.sha256 || expected.bytes !== got.bytes) {
      throw new RestoreRefused(`The archive's file ${key} does not match its checksum: it is damaged. Nothing was restored.`);
    }
  }
}
