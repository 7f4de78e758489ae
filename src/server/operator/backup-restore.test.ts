import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { withDatabase } from '../../../test/global-setup.ts';
import { DEMO_PASSWORD, personaFor } from '../../core/personas.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, openPostgres, type Database } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { verifyAuditChain } from '../modules/audit-integrity/verify-audit-chain.ts';
import { createFileStore } from '../storage/create-file-store.ts';
import { backupPlatform } from './backup.ts';
import { columnList, platformTables } from './platform-tables.ts';
import { restorePlatform, RestoreRefused } from './restore.ts';
import { shippedMigrations } from './backup-format.ts';

/**
 * heirloom backup / restore (ADR 0084) on the demo data: the suite's database (embedded or the
 * server) → the other kind → the suite's kind again, each compared table by table (rows and a
 * content hash computed here in SQL, not by the backup), blob by blob, with the audit chain
 * verified and a digital asset's secret revealed through the API. Then the refusals, run as the
 * operator runs them (bin/heirloom.js).
 */

const SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const suiteKind = process.env.DATABASE_URL ? 'server' : 'embedded';
const otherKind = suiteKind === 'server' ? 'embedded' : 'server';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-backup-'));
const madeDatabases: { admin: string; name: string }[] = [];
const opened: Database[] = [];

let t: TestApp;
let archive: string;
/** Why the other kind of installation cannot be started here (null: it can). */
let otherUnavailable: string | null = null;

interface Installation {
  database: Database;
  dataDir: string;
  masterKey: string;
}
let source: Installation;
let other: Installation | null = null;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db, t.app.deps);
  source = { database: t.database, dataDir: t.config.dataDir, masterKey: t.config.masterKey! };
  archive = path.join(work, 'demo.heirloom.tar');
  if (otherKind === 'server') {
    const probe = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
    otherUnavailable = await probe.connect().then(
      () => probe.end().then(() => null),
      (error: Error) => `no PostgreSQL server at ${SERVER_URL} (${error.message})`,
    );
  }
}, 180_000);

afterAll(async () => {
  for (const database of opened) await database.close();
  await t.close();
  for (const { admin, name } of madeDatabases) await adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  fs.rmSync(work, { recursive: true, force: true });
});

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** A new, empty database on the server at `adminUrl` (dropped after the file). */
async function emptyDatabase(adminUrl: string): Promise<string> {
  const name = `heirloom_t_${inject('dbTemplate').template.split('_')[2]}_bk${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  madeDatabases.push({ admin: adminUrl, name });
  return withDatabase(adminUrl, name);
}

/** A new, empty installation of a kind: the embedded PostgreSQL in a data folder of its own, or a database on the server. */
async function emptyInstallation(kind: 'embedded' | 'server', masterKey: string): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(work, `${kind}-`));
  const suiteServer = suiteKind === 'server' ? process.env.DATABASE_URL! : inject('dbTemplate').url;
  const database =
    kind === 'embedded' && suiteKind === 'server'
      ? await openDatabase({ databaseUrl: undefined, dataDir })
      : openPostgres(await emptyDatabase(kind === 'server' && suiteKind === 'embedded' ? SERVER_URL : suiteServer));
  opened.push(database);
  return { database, dataDir, masterKey };
}

const storeOf = (i: Installation) => createFileStore({ dataDir: i.dataDir, s3: undefined });

/** Per table: rows and an md5 of every row's text in a fixed order; plus the sequences. Computed in SQL, apart from the backup's own checksums. */
async function contentOf(database: Database): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("SET TimeZone = 'UTC'");
    const content: Record<string, string> = {};
    for (const table of await platformTables(client)) {
      const { rows } = await client.query<{ n: number; h: string }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(r, E'\\n' ORDER BY r COLLATE "C"), '')) AS h FROM (SELECT ROW(${columnList(table.columns)})::text AS r FROM "${table.name}") x`,
      );
      content[table.name] = `${rows[0]!.n} rows ${rows[0]!.h}`;
    }
    const { rows: sequences } = await client.query<{ name: string; v: string }>(`SELECT sequencename AS name, last_value::text AS v FROM pg_sequences WHERE schemaname = 'public'`);
    for (const s of sequences) content[`sequence ${s.name}`] = s.v;
    return content;
  } finally {
    await client.end();
  }
}

/** sha256 of every blob the files rows name, as stored. */
async function blobsOf(i: Installation): Promise<Record<string, string>> {
  const store = storeOf(i);
  const { rows } = await i.database.execute('SELECT storage_key FROM files ORDER BY storage_key');
  const hashes: Record<string, string> = {};
  for (const { storage_key: key } of rows as { storage_key: string }[]) {
    const hash = createHash('sha256');
    for await (const chunk of await store.get(key)) hash.update(chunk as Buffer);
    hashes[key] = hash.digest('hex');
  }
  return hashes;
}

/** Signs in as the demo owner through the API of a server on `i`, confirms, and reveals one digital asset's secrets. */
async function revealOnOwnersFirstAsset(i: Installation): Promise<unknown> {
  const config = loadConfig({ NODE_ENV: 'test' }, { dataDir: i.dataDir, masterKey: i.masterKey, demoMode: true, webDist: path.join(i.dataDir, 'no-web'), slowRequestMs: 600_000 });
  const app = await buildApp({ config, database: i.database, logger: false });
  try {
    const browser = new Browser({ app } as unknown as TestApp, '10.8.0.1');
    const signIn = await browser.call('POST', '/api/v1/auth/sign-in', { email: personaFor('estate-owner').sampleUser.email, password: DEMO_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect((await browser.call('POST', '/api/v1/session/confirm', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const assets = (await browser.call('GET', '/api/v1/digital-assets')).json().items as { id: string; name: string }[];
    const first = [...assets].sort((a, b) => a.name.localeCompare(b.name))[0]!;
    const revealed = await browser.call('POST', `/api/v1/digital-assets/${first.id}/reveal`);
    expect(revealed.statusCode).toBe(200);
    return revealed.json();
  } finally {
    await app.close();
  }
}

async function expectSamePlatform(from: Installation, to: Installation): Promise<void> {
  const [contentFrom, contentTo, blobsFrom, blobsTo] = await Promise.all([contentOf(from.database), contentOf(to.database), blobsOf(from), blobsOf(to)]);
  expect(Object.keys(contentFrom).length).toBeGreaterThan(40);
  expect(contentTo).toEqual(contentFrom);
  expect(Object.keys(blobsFrom).length).toBeGreaterThan(20);
  expect(blobsTo).toEqual(blobsFrom);
  const audit = await verifyAuditChain(to.database.db);
  expect(audit.intact, audit.message).toBe(true);
  const secretFrom = await revealOnOwnersFirstAsset(from);
  expect(secretFrom).toMatchObject({ password: expect.any(String) });
  expect(await revealOnOwnersFirstAsset(to)).toEqual(secretFrom);
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function heirloom(args: string[], env: Record<string, string>): Promise<Run> {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/heirloom.js', ...args], { env: { ...inherited, NODE_ENV: 'test', ...env }, timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('heirloom backup / restore round trip on the demo data', { timeout: 180_000 }, () => {
  it(`${suiteKind} → ${otherKind}: every table, blob, the audit chain and a secret come through`, async (ctx) => {
    const backup = await heirloom(['backup', '--to', archive], { DATABASE_URL: source.database.url, DATA_DIR: source.dataDir, MASTER_KEY: source.masterKey });
    expect(backup.stderr).not.toMatch(/error|failed/i);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Wrote .*demo\.heirloom\.tar: \d+ rows in \d+ tables, \d+ files/);
    if (otherUnavailable) ctx.skip(`${suiteKind} → ${otherKind} cannot run here: ${otherUnavailable}`);
    other = await emptyInstallation(otherKind, source.masterKey);
    await restorePlatform({ config: other, database: other.database, store: storeOf(other), file: archive });
    await expectSamePlatform(source, other);
  });

  it(`${otherKind} → ${suiteKind}: and back again, nothing lost`, async (ctx) => {
    if (!other) ctx.skip(`${otherKind} → ${suiteKind} cannot run here: ${otherUnavailable ?? 'the first direction failed'}`);
    const again = path.join(work, 'again.heirloom.tar');
    await backupPlatform({ config: other!, database: other!.database, store: storeOf(other!), file: again });
    const back = await emptyInstallation(suiteKind, source.masterKey);
    await restorePlatform({ config: back, database: back.database, store: storeOf(back), file: again });
    await expectSamePlatform(other!, back);
  });
});

describe('heirloom restore refuses', { timeout: 120_000 }, () => {
  /** A copy of the archive with the bytes at `at` (found in it by `find`) replaced by `to`, or the byte there inverted. */
  function altered(name: string, find: (bytes: Buffer) => number, to: Buffer | 'inverted'): string {
    const bytes = fs.readFileSync(archive);
    const at = find(bytes);
    expect(at).toBeGreaterThan(0);
    if (to === 'inverted') bytes[at] = bytes[at]! ^ 0xff;
    else to.copy(bytes, at);
    const file = path.join(work, name);
    fs.writeFileSync(file, bytes);
    return file;
  }
  const after = (entry: string, text: string) => (bytes: Buffer) => bytes.indexOf(text, bytes.indexOf(entry));

  it('a non-empty installation: exit 1 with one line, and it keeps what it had', async () => {
    const before = await contentOf(source.database);
    const run = await heirloom(['restore', archive], { DATABASE_URL: source.database.url, DATA_DIR: fs.mkdtempSync(path.join(work, 'refused-')), MASTER_KEY: source.masterKey });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr.trim()).toMatch(/^The database is not empty \(\d+ tables hold rows: [a-z_, …]+\): restore into a new, empty database \(and do not start the server on it first\)\.$/);
    expect(await contentOf(source.database)).toEqual(before);
  });

  it('a wrong MASTER_KEY, a damaged table or file, another format, a newer schema: refused, nothing kept', async () => {
    const aBlob = /blobs\/estates\/[a-z0-9-]+\/[a-z0-9-]+\/000000/.exec(fs.readFileSync(archive).toString('latin1'))![0];
    const migrations = `"count": ${shippedMigrations().length}`;
    const cases = [
      { name: 'wrong key', file: archive, masterKey: randomBytes(32).toString('base64'), says: /^MASTER_KEY is not the key the archive's files and secrets are locked with/ },
      { name: 'damaged table', file: altered('table.tar', after('tables/users/000000', 'Margaret'), Buffer.from('Margaray')), says: /^The archive's rows of users do not match their checksum: it is damaged\. Nothing was restored\.$/ },
      { name: 'damaged file', file: altered('blob.tar', (bytes) => bytes.indexOf(aBlob) + 512 + 100, 'inverted'), says: /^The archive's file estates\/.* does not match its checksum/ },
      { name: 'another format', file: altered('format.tar', after('manifest.json', '"formatVersion": 1'), Buffer.from('"formatVersion": 7')), says: /^The archive is in backup format 7; this version reads format 1 only\.$/ },
      { name: 'newer schema', file: altered('newer.tar', after('manifest.json', migrations), Buffer.from(migrations.replace(/\d/g, '9'))), says: /^The archive was made by a newer version/ },
    ];
    for (const c of cases) {
      const target = await emptyInstallation(suiteKind, c.masterKey ?? source.masterKey);
      const refused = await restorePlatform({ config: target, database: target.database, store: storeOf(target), file: c.file }).then(
        () => null,
        (error: unknown) => error,
      );
      // soft: every case is checked and reported, not only the first that fails
      expect.soft(refused, c.name).toBeInstanceOf(RestoreRefused);
      expect.soft((refused as Error | null)?.message ?? 'not refused', c.name).toMatch(c.says);
      // nothing kept: no file in the store, no row in the database
      const stored: string[] = [];
      for await (const object of storeOf(target).list('')) stored.push(object.key);
      expect.soft(stored, c.name).toEqual([]);
      const tables = (await target.database.execute(`SELECT to_regclass('public.users') IS NOT NULL AS made`)).rows[0]!.made;
      if (tables) expect.soft((await target.database.execute('SELECT count(*)::int AS n FROM users')).rows[0]!.n, c.name).toBe(0);
    }
  });
});
