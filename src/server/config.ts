import path from 'node:path';
import { z } from 'zod';
import { ZTrustProxy, type TrustProxy } from './lib/trust-proxy.ts';

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'Use true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** DB_STATEMENT_TIMEOUT_MS and DB_ACQUIRE_TIMEOUT_MS unset (also for pools opened without a config). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 10_000, acquireMs: 5_000 };
/** S3_TIMEOUT_MS unset. */
export const DEFAULT_S3_TIMEOUT_MS = 5_000;

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url({ message: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  DEMO_MODE: zBool.optional(),
  API_DOCS: zBool.optional(),
  PUBLIC_URL: z.string().url().optional(),
  COOKIE_SECURE: zBool.optional(),
  /** 32-byte key, base64. Generated into DATA_DIR on first start in local mode when absent. */
  MASTER_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Heirloom <no-reply@heirloom.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  CAPSULE_PAGE: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** An API answer this slow or slower raises a performance alert for the admins (ADR 0028). */
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** The reverse proxies whose X-Forwarded-For names the client (ADR 0082): addresses or CIDR ranges; unset trusts none. */
  TRUST_PROXY: ZTrustProxy,
  /** The longest one database statement may run (ADR 0086); past it the request answers 503. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  /** The longest a request waits for a database connection (ADR 0086). */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_DATABASE_TIMEOUTS.acquireMs),
  /** The longest an S3 request may go without a byte either way, and a connection may take (ADR 0086). */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_S3_TIMEOUT_MS),
  /** Serve Prometheus metrics at GET /metrics on this port (ADR 0086); unset: no metrics listener. */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Persona selector, demo sign-in and the demo accounts. Only by explicit choice (`npm start`), never in production. */
  demoMode: boolean;
  /** The OpenAPI UI and JSON at /api/docs (off in production unless API_DOCS=true). */
  apiDocs: boolean;
  publicUrl: string;
  cookieSecure: boolean;
  masterKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  webDist: string;
  /** The Legacy Capsule's open.html (npm run build:capsule), put in every capsule (ADR 0098). */
  capsulePage: string;
  /** Requests answered in this many milliseconds or more raise a performance alert. */
  slowRequestMs: number;
  /** Fastify's `trustProxy`: whose X-Forwarded-For and X-Forwarded-Proto are believed (ADR 0082). */
  trustProxy: TrustProxy;
  /** How long a database statement may run and a request may wait for a connection (ADR 0086). */
  dbTimeouts: DatabaseTimeouts;
  /** The Prometheus listener's port (ADR 0086); undefined: off. */
  metricsPort: number | undefined;
  s3:
    | { endpoint: string | undefined; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; timeoutMs?: number }
    | undefined;
}

export interface DatabaseTimeouts {
  statementMs: number;
  acquireMs: number;
}


export class ConfigError extends Error {}

/** Environment → typed config. A bad setting stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const s3 =
    e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          timeoutMs: e.S3_TIMEOUT_MS,
        }
      : undefined;
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demoMode: e.DEMO_MODE ?? false,
    apiDocs: e.API_DOCS ?? !production,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    cookieSecure: e.COOKIE_SECURE ?? production,
    masterKey: e.MASTER_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? 'dist/web'),
    capsulePage: path.resolve(e.CAPSULE_PAGE ?? 'dist/capsule/open.html'),
    slowRequestMs: e.SLOW_REQUEST_MS,
    trustProxy: e.TRUST_PROXY,
    dbTimeouts: { statementMs: e.DB_STATEMENT_TIMEOUT_MS, acquireMs: e.DB_ACQUIRE_TIMEOUT_MS },
    metricsPort: e.METRICS_PORT,
    s3,
    ...overrides,
  };
  const problems = [
    production && config.demoMode && 'DEMO_MODE: demo mode cannot run in production (its accounts share a published password)',
    production && !config.masterKey && 'MASTER_KEY: required in production (32 random bytes, base64)',
    config.masterKey && Buffer.from(config.masterKey, 'base64').length !== 32 && 'MASTER_KEY: must be 32 random bytes, base64-encoded (e.g. `openssl rand -base64 32`)',
    production && !e.PUBLIC_URL && !overrides.publicUrl &&
      'PUBLIC_URL: required in production (the address people use to reach Heirloom, e.g. https://heirloom.example.org; links in emails are built from it)',
    partialS3(env),
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return config;
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Files go to S3 only when the bucket and both keys are set. Any S3 setting without the others used
 * to leave files on this instance's own disk without a word (issue 25); that is refused. An empty
 * value counts as unset (`S3_ENDPOINT=` in an .env file).
 */
function partialS3(env: NodeJS.ProcessEnv): string | null {
  const given = ['S3_ENDPOINT', 'S3_REGION', ...S3_REQUIRED].filter((name) => env[name]);
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (!given.length || !missing.length) return null;
  const are = (names: readonly string[]) => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'}`;
  return `S3: ${are(given)} set but ${are(missing)} not; set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to keep files in S3, or none of the S3_* settings to keep them in DATA_DIR/files`;
}
