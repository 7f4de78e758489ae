import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { serverAddress } from './lib/server-address.ts';

export interface SetupSummary {
  database: string;
  storage: string;
  mail: string;
  proxy: string;
}

/** Which database, storage, mail and proxy mode this start uses, for the start log: never a password or key. */
export function describeSetup(config: Config, database: Pick<Database, 'kind'>): SetupSummary {
  return {
    database: database.kind === 'embedded' || !config.databaseUrl
      ? `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}`
      : `PostgreSQL server ${serverAddress(config.databaseUrl, 5432)}`,
    storage: config.s3
      ? `S3 bucket ${config.s3.bucket} at ${config.s3.endpoint ? origin(config.s3.endpoint) : `AWS ${config.s3.region}`}`
      : `disk ${path.join(config.dataDir, 'files')}`,
    mail: config.smtpUrl ? `SMTP ${serverAddress(config.smtpUrl, undefined)}` : 'outbox only (kept in the database, not sent)',
    proxy: proxyMode(config.trustProxy),
  };
}

export const setupLine = (summary: SetupSummary) =>
  `setup: database ${summary.database}; storage ${summary.storage}; mail ${summary.mail}; proxy ${summary.proxy}`;

function proxyMode(trustProxy: Config['trustProxy']): string {
  if (trustProxy === false) return 'none trusted (addresses are those of the connecting peer)';
  return `${trustProxy.join(', ')} trusted (X-Forwarded-For)`;
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(an address that is not a URL)';
  }
}
