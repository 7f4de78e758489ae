import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test/factories/smtp-sink.ts';
import { insertUser } from '../../test/factories/users.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { Browser, buildTestApp, emailsTo, type TestApp } from '../../test/helpers.ts';
import { MIGRATIONS_DIR } from './db/client.ts';
import { auditLog, systemSettings } from './db/schema/system.ts';
import { userRoles, users } from './db/schema/users.ts';
import { MASTER_KEY_FINGERPRINT_KEY, masterKeyFingerprint } from './lib/master-key-fingerprint.ts';

/** `heirloom` (ADR 0081) run as the operator runs it: bin/heirloom.js in a child process, from source. */

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-cli-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command with the test database and a data folder of its own, plus `env`. */
function heirloom(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/heirloom.js', ...args],
      { env: { ...inherited, NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir, MASTER_KEY: t.config.masterKey!, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const VERBS = ['check', 'migrate', 'create-admin', 'backup', 'restore', 'verify-audit'];

describe('heirloom --help', () => {
  it('lists every verb; each verb explains itself; an unknown verb or none is a usage error (exit 2)', async () => {
    const [help, bare, unknown, ...verbs] = await Promise.all([
      heirloom(['--help']),
      heirloom([]),
      heirloom(['frobnicate']),
      ...VERBS.map((verb) => heirloom([verb, '--help'])),
    ]);
    expect(help.code).toBe(0);
    for (const verb of VERBS) expect(help.stdout).toMatch(new RegExp(`^  ${verb} +\\S`, 'm'));
    expect(bare).toMatchObject({ code: 2, stdout: help.stdout });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: frobnicate');
    expect(unknown.stderr).toContain('  create-admin ');
    verbs.forEach((run, i) => {
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: heirloom ${VERBS[i]}\\b`));
    });
  });
});

describe('heirloom check', () => {
  let smtp: SmtpSink;
  let s3: S3rver;
  let s3Endpoint: string;
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-cli-s3-'));
  beforeAll(async () => {
    smtp = await startSmtpSink();
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'heirloom-cli', configs: [] }] });
    const { port } = await s3.run();
    s3Endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await smtp.close();
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });
  const s3Env = (bucket: string) => ({ S3_ENDPOINT: s3Endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });

  it('a good set-up (database, disk or S3 storage, SMTP) passes with exit 0', async () => {
    const [disk, bucket] = await Promise.all([heirloom(['check'], { SMTP_URL: smtp.url }), heirloom(['check'], s3Env('heirloom-cli'))]);
    expect(disk.code).toBe(0);
    expect(disk.stdout).toMatch(/^ok: database: PostgreSQL at /m);
    expect(disk.stdout).toContain(`ok: storage: ${path.join(dataDir, 'files')} is writable`);
    expect(disk.stdout).toMatch(/^ok: SMTP: 127\.0\.0\.1:\d+ answers$/m);
    expect(disk.stdout).not.toContain('problem');
    expect(bucket.code).toBe(0);
    expect(bucket.stdout).toContain(`ok: storage: S3 bucket heirloom-cli at ${s3Endpoint}`);
  });

  it('bad settings: exit 1 with one line per problem, and nothing reached', async () => {
    const [malformed, inconsistent] = await Promise.all([
      heirloom(['check'], { PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' }),
      heirloom(['check'], { NODE_ENV: 'production', MASTER_KEY: 'dG9vIHNob3J0', S3_BUCKET: 'half-set' }),
    ]);
    const problems = (run: Run) => run.stdout.trim().split('\n').map((line) => /^problem: ([A-Z_0-9]+):/.exec(line)?.[1] ?? line);
    expect(malformed.code).toBe(1);
    expect(problems(malformed).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
    expect(inconsistent.code).toBe(1);
    expect(problems(inconsistent).sort()).toEqual(['MASTER_KEY', 'PUBLIC_URL', 'S3']);
  });

  it('an unreachable database, a missing bucket and SMTP refusing: exit 1, one line each, the rest still checked', async () => {
    const run = await heirloom(['check'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing', ...s3Env('no-such-bucket'), SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(':').slice(0, 2).join(':'))).toEqual([
      'ok: settings',
      'problem: database',
      'ok: MASTER_KEY',
      'problem: storage',
      'problem: SMTP',
    ]);
    expect(lines[1]).toContain('ECONNREFUSED 127.0.0.1:1');
  });

  it('a MASTER_KEY other than the one the database was set up with: exit 1 naming it', async () => {
    await t.db.insert(systemSettings).values({ key: MASTER_KEY_FINGERPRINT_KEY, value: { fingerprint: masterKeyFingerprint(Buffer.from(t.config.masterKey!, 'base64')) }, updatedAt: new Date() });
    const [right, wrong] = await Promise.all([heirloom(['check']), heirloom(['check'], { MASTER_KEY: randomBytes(32).toString('base64') })]);
    expect(right.code).toBe(0);
    expect(right.stdout).toMatch(/^ok: MASTER_KEY: MASTER_KEY matches the database/m);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/^problem: MASTER_KEY: MASTER_KEY does not match the key this database was set up with/m);
  });
});

describe('heirloom check and migrate before the first start (an empty database)', () => {
  const name = `heirloom_cli_empty_${process.pid}_${Date.now()}`;
  const admin = () => new pg.Client({ connectionString: t.databaseUrl });
  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  });

  it('check passes and says the start will set it up; migrate names what it applied, then says there is nothing to apply', async () => {
    const env = { DATABASE_URL: withDatabase(t.databaseUrl, name) };
    const before = await heirloom(['check'], env);
    expect(before.stdout).not.toContain('problem');
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(new RegExp(`^ok: database: PostgreSQL at \\S+/${name}; it is empty: the first start \\(or heirloom migrate\\) sets it up$`, 'm'));
    expect(before.stdout).toMatch(/^ok: MASTER_KEY: MASTER_KEY holds 32 bytes; the database is empty \(the first start stores the key's fingerprint\)$/m);

    const journal = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map((e) => e.tag);
    const first = await heirloom(['migrate'], env);
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n')).toEqual([
      `Database schema migrated: applied ${journal.length} migrations (${journal[0]} … ${journal.at(-1)}).`,
      ...journal.map((tag) => `  ${tag}`),
    ]);
    const again = await heirloom(['migrate'], env);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe('Database schema already up to date (no migration to apply).');

    const after = await heirloom(['check'], env);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(new RegExp(`^ok: database: PostgreSQL at \\S+/${name}$`, 'm'));
    expect(after.stdout).toMatch(/^ok: MASTER_KEY: MASTER_KEY holds 32 bytes; the database has no key fingerprint yet/m);
  }, 120_000);
});

// Each create-admin run builds the app from source (a few seconds, more on a loaded machine).
describe('heirloom create-admin', { timeout: 120_000 }, () => {
  it('makes the first admin with a set-password link that works, refuses a second unless --force, and records it', async () => {
    const first = await heirloom(['create-admin', '--email', 'First.Admin@Example.org', '--name', 'Fran Admin']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('first.admin@example.org is an admin.');
    const token = /\/reset-password#([A-Za-z0-9_-]+)/.exec(first.stdout)?.[1];
    expect(token).toBeTruthy();
    // the same link is in the outbox (sent when SMTP is set)
    expect((await emailsTo(t, 'first.admin@example.org'))[0]?.text).toContain(token);

    const b = new Browser(t, '10.9.0.1');
    expect((await b.call('POST', '/api/v1/auth/password/reset', { token, password: 'a long admin passphrase' })).statusCode).toBe(200);
    expect((await b.call('POST', '/api/v1/auth/sign-in', { email: 'first.admin@example.org', password: 'a long admin passphrase' })).statusCode).toBe(200);
    const [made] = await t.db.select().from(users).where(eq(users.email, 'first.admin@example.org'));
    expect(made).toMatchObject({ name: 'Fran Admin', status: 'active' });
    expect(await t.db.select().from(userRoles).where(and(eq(userRoles.userId, made!.id), eq(userRoles.role, 'admin')))).toHaveLength(1);
    const [recorded] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'admin.first_admin_created'));
    expect(recorded).toMatchObject({ targetId: made!.id, actorUserId: null, userAgent: 'heirloom create-admin', details: { forced: false, existingAccount: false, linkIssued: true } });

    const second = await heirloom(['create-admin', '--email', 'second@example.org']);
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(
      'There is already an active admin (1 in all). To add another, sign in as an admin and use Users → Add User, or run again with --force.',
    );
    expect(await t.db.select().from(users).where(eq(users.email, 'second@example.org'))).toHaveLength(0);

    const existing = await insertUser(t.db, { email: 'second@example.org' });
    const forced = await heirloom(['create-admin', '--email', 'second@example.org', '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('second@example.org is an admin (an existing account).');
    expect(forced.stdout).toContain('The account already has a password: they sign in with it.');
    expect(await t.db.select().from(userRoles).where(and(eq(userRoles.userId, existing.id), eq(userRoles.role, 'admin')))).toHaveLength(1);
  });

  it('refuses a missing or malformed address and an account that is not active (exit 2 / 1), creating nothing', async () => {
    const suspended = await insertUser(t.db, { status: 'suspended' });
    const [missing, malformed, notActive] = await Promise.all([
      heirloom(['create-admin']),
      heirloom(['create-admin', '--email', 'not-an-address']),
      heirloom(['create-admin', '--email', suspended.email, '--force']),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^--email: required/);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/^--email: "not-an-address" is not an email address/);
    expect(notActive.code).toBe(1);
    expect(notActive.stderr.trim()).toBe(`${suspended.email} has an account that is suspended; an admin can only be made of an active account.`);
    expect(await t.db.select().from(userRoles).where(and(eq(userRoles.userId, suspended.id), eq(userRoles.role, 'admin')))).toHaveLength(0);
  });
});
