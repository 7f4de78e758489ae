import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, pendingMigrations, type Database } from '../db/client.ts';
import { loadMasterKey } from '../lib/crypto.ts';
import { masterKeyFingerprint, storedMasterKeyFingerprint } from '../lib/master-key-fingerprint.ts';
import { serverAddress } from '../lib/server-address.ts';
import { createFileStore } from '../storage/create-file-store.ts';
import { CHECK_TIMEOUT_MS, messageOf, within } from './verb.ts';

interface Probe {
  what: string;
  /** Resolves to what was reached; rejects with the problem. */
  run(): Promise<string>;
}

/**
 * `heirloom check` (ADR 0081): the settings through loadConfig (its problems, one line each), then
 * each service the server needs, each within CHECK_TIMEOUT_MS. Reads only: it writes nothing, not
 * even the master key file or its fingerprint.
 */
export async function run(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const line of configProblems(error)) console.log(`problem: ${line}`);
    return 1;
  }
  console.log('ok: settings');
  const opened: Opened = {};
  let problems = 0;
  try {
    for (const probe of probesFor(config, opened)) {
      try {
        console.log(`ok: ${probe.what}: ${await within(CHECK_TIMEOUT_MS, probe.what, probe.run())}`);
      } catch (error) {
        problems++;
        console.log(`problem: ${probe.what}: ${messageOf(error)}`);
      }
    }
  } finally {
    await opened.database?.close();
  }
  return problems ? 1 : 0;
}

/** ConfigError's message is a heading and one indented line per problem. */
function configProblems(error: ConfigError): string[] {
  return error.message
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** What the database probe found, for the probes after it. */
interface Opened {
  database?: Database;
  /** No migration applied yet: a correct set-up before its first start (the start sets it up). */
  empty?: boolean;
}

function probesFor(config: Config, opened: Opened): Probe[] {
  const keyFile = path.join(config.dataDir, 'master.key');
  const probes: Probe[] = [
    {
      what: 'database',
      async run() {
        const database = await openDatabase(config);
        let migrations: Awaited<ReturnType<typeof pendingMigrations>>;
        try {
          await database.execute('select 1');
          migrations = await pendingMigrations(database.execute);
        } catch (error) {
          await database.close();
          throw error;
        }
        opened.database = database;
        opened.empty = migrations.pending.length === migrations.total;
        const reached = database.kind === 'embedded' ? `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}` : `PostgreSQL at ${serverAddress(database.url, undefined)}`;
        if (opened.empty) return `${reached}; it is empty: the first start (or heirloom migrate) sets it up`;
        const count = migrations.pending.length;
        return count ? `${reached}; ${count} migration${count === 1 ? '' : 's'} to apply (the next start or heirloom migrate applies them)` : reached;
      },
    },
    {
      what: 'MASTER_KEY',
      async run() {
        if (!config.masterKey && !fs.existsSync(keyFile)) return `not set; the first start generates ${keyFile}`;
        const key = loadMasterKey(config.masterKey, config.dataDir);
        const source = config.masterKey ? 'MASTER_KEY' : keyFile;
        if (!opened.database) return `${source} holds 32 bytes (not compared with the database, which was not reached)`;
        if (opened.empty) return `${source} holds 32 bytes; the database is empty (the first start stores the key's fingerprint)`;
        const stored = await storedMasterKeyFingerprint(opened.database.db);
        const mine = masterKeyFingerprint(key);
        if (stored === null) return `${source} holds 32 bytes; the database has no key fingerprint yet (the next start stores it)`;
        if (stored !== mine) throw new Error(`${source} does not match the key this database was set up with (fingerprint ${stored}; this key's is ${mine})`);
        return `${source} matches the database (fingerprint ${mine})`;
      },
    },
    {
      what: 'storage',
      async run() {
        await createFileStore(config).check();
        return config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : `${path.join(config.dataDir, 'files')} is writable`;
      },
    },
  ];
  const smtpUrl = config.smtpUrl;
  if (smtpUrl) {
    probes.push({
      what: 'SMTP',
      async run() {
        const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: CHECK_TIMEOUT_MS, greetingTimeout: CHECK_TIMEOUT_MS });
        try {
          await transport.verify();
          return `${serverAddress(smtpUrl, undefined)} answers`;
        } finally {
          transport.close();
        }
      },
    });
  }
  return probes;
}
