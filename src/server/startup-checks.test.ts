import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase, openTestDatabase } from '../../test/helpers.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { files } from './db/schema/files.ts';
import { createSecretBox } from './lib/crypto.ts';
import { checkMasterKey, masterKeyFingerprint, storedMasterKeyFingerprint } from './lib/master-key-fingerprint.ts';
import { describeSetup, setupLine } from './setup-summary.ts';

/** ADR 0083: a wrong master key, and what the start log says about the set-up. */

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const base64 = (key: Buffer) => key.toString('base64');

describe('the master key fingerprint', () => {
  let database: Database & { url: string };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('names the key without revealing it, and differs between keys', () => {
    const fingerprint = masterKeyFingerprint(keyA);
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(fingerprint).toBe(masterKeyFingerprint(Buffer.from(keyA)));
    expect(masterKeyFingerprint(keyB)).not.toBe(fingerprint);
    expect(keyA.toString('hex')).not.toContain(fingerprint.slice(0, 8));
  });

  it('a database from before the fingerprint that holds files takes only the key that opens them', async () => {
    await database.db.insert(files).values({
      storageKey: 'blobs/old',
      originalName: 'will.pdf',
      mimeType: 'application/pdf',
      size: 1,
      sha256: '0'.repeat(64),
      wrappedKey: createSecretBox(keyA).wrapKey(randomBytes(32)),
      status: 'committed',
    });
    await expect(checkMasterKey(database.db, keyB, 'MASTER_KEY')).rejects.toThrow(
      'MASTER_KEY cannot open the files this database already holds. Use the original key.',
    );
    expect(await storedMasterKeyFingerprint(database.db)).toBeNull();

    await checkMasterKey(database.db, keyA, 'MASTER_KEY');
    expect(await storedMasterKeyFingerprint(database.db)).toBe(masterKeyFingerprint(keyA));
    await expect(checkMasterKey(database.db, keyB, 'MASTER_KEY')).rejects.toThrow(
      `MASTER_KEY does not match the key this database was set up with (fingerprint ${masterKeyFingerprint(keyA)}; this key's is ${masterKeyFingerprint(keyB)}). Use the original key.`,
    );
  });
});

describe('what the start log says about the set-up', () => {
  it('names the database, storage, mail and proxy mode without a password or key', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/heirloom',
      DATABASE_URL: 'postgres://heirloom:db-password-1@db.internal:6432/heirloom',
      SMTP_URL: 'smtps://mailer:smtp-password-2@mail.example.org:465',
      S3_ENDPOINT: 'https://s3-user:s3-url-password-3@s3.example.org:9000/ignored',
      S3_BUCKET: 'family-files',
      S3_ACCESS_KEY_ID: 'AKIA-ID-4',
      S3_SECRET_ACCESS_KEY: 's3-secret-5',
      MASTER_KEY: base64(keyA),
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    const line = setupLine(describeSetup(config, { kind: 'postgres' }));
    expect(line).toBe(
      'setup: database PostgreSQL server db.internal:6432/heirloom; storage S3 bucket family-files at https://s3.example.org:9000; ' +
        'mail SMTP mail.example.org:465; proxy 10.0.0.0/8, 127.0.0.1 trusted (X-Forwarded-For)',
    );
    for (const secret of ['db-password-1', 'smtp-password-2', 's3-url-password-3', 'AKIA-ID-4', 's3-secret-5', base64(keyA)]) expect(line).not.toContain(secret);

    const local = setupLine(describeSetup(loadConfig({ DATA_DIR: '/srv/heirloom' }), { kind: 'embedded' }));
    expect(local).toBe(
      'setup: database embedded PostgreSQL in /srv/heirloom/pg; storage disk /srv/heirloom/files; mail outbox only (kept in the database, not sent); ' +
        'proxy none trusted (addresses are those of the connecting peer)',
    );
  });
});

/** main.ts in a child process that is expected to refuse to start (the test's environment minus DATABASE_URL and PUBLIC_URL). */
function runMain(env: Record<string, string>) {
  const { DATABASE_URL: _database, PUBLIC_URL: _url, ...inherited } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...inherited, PORT: '0', ...env }, encoding: 'utf8', timeout: START_ROOM_MS - 10_000 });
}

// Each start compiles the whole server with tsx in a child process: room for a loaded machine.
const START_ROOM_MS = 120_000;

describe('the server process refuses a master key that is not the database’s', () => {
  let databaseUrl: string;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const start = async (key: Buffer) => {
    const server = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, MASTER_KEY: base64(key), SMTP_URL: 'smtp://mailer:smtp-password-6@127.0.0.1:9' });
    servers.push(server);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };

  beforeAll(async () => {
    ({ url: databaseUrl } = await copyTemplateDatabase());
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-startup-'));
  });
  afterAll(() => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with key A and says what it runs on; exits 1 with one line for key B; starts again with key A', async () => {
    const first = await start(keyA);
    const setup = first.output().split('\n').find((line) => line.includes('"msg":"setup: '));
    expect(setup).toContain(`database PostgreSQL server ${new URL(databaseUrl).hostname}`);
    expect(setup).toContain('mail SMTP 127.0.0.1:9');
    expect(first.output()).toContain('"msg":"database schema already up to date (no migration to apply)"');
    expect(first.output()).not.toContain('smtp-password-6');
    expect(first.output()).not.toContain(base64(keyA));
    await stop(first);

    const refused = runMain({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, MASTER_KEY: base64(keyB) });
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `MASTER_KEY does not match the key this database was set up with (fingerprint ${masterKeyFingerprint(keyA)}; this key's is ${masterKeyFingerprint(keyB)}). Use the original key.`,
    );

    await stop(await start(keyA));
  }, 3 * START_ROOM_MS);

  it('exits 1 with one line and no stack when the database does not answer or does not exist', () => {
    const unreachable = runMain({ DATABASE_URL: 'postgres://heirloom:db-password-7@127.0.0.1:1/heirloom', DATA_DIR: dataDir, MASTER_KEY: base64(keyA) });
    const missingUrl = new URL(databaseUrl);
    missingUrl.pathname = '/heirloom_never_created';
    const missing = runMain({ DATABASE_URL: missingUrl.toString(), DATA_DIR: dataDir, MASTER_KEY: base64(keyA) });
    for (const run of [unreachable, missing]) {
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/^\s+at /m);
    }
    expect(unreachable.stderr.trim()).toBe('DATABASE_URL: no PostgreSQL server answers at 127.0.0.1:1/heirloom (connect ECONNREFUSED 127.0.0.1:1)');
    expect(unreachable.stderr).not.toContain('db-password-7');
    expect(missing.stderr.trim()).toMatch(/^DATABASE_URL: database "heirloom_never_created" does not exist on the PostgreSQL server at \S+ \(create it, or correct DATABASE_URL\)$/);
  }, 2 * START_ROOM_MS);

  it('exits 1 naming PUBLIC_URL when it is missing in production', () => {
    const refused = runMain({ NODE_ENV: 'production', MASTER_KEY: base64(keyA), DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'Invalid configuration:\n  PUBLIC_URL: required in production (the address people use to reach Heirloom, e.g. https://heirloom.example.org; links in emails are built from it)',
    );
  }, START_ROOM_MS);
});
