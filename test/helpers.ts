import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { loadConfig, type Config } from '../src/server/config.ts';
import { openPostgres, type Database, type Db } from '../src/server/db/client.ts';
import { desc, eq } from 'drizzle-orm';
import { outboxEmails } from '../src/server/db/schema/system.ts';
import { sessions } from '../src/server/db/schema/users.ts';
import { AdjustableClock } from '../src/server/lib/clock.ts';
import { randomToken, sha256 } from '../src/server/lib/tokens.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../src/server/identity/sessions.ts';
import { insertOwner, type InsertedUser } from './factories/users.ts';
import { withDatabase } from './global-setup.ts';

/**
 * A new database copied from the run's migrated template; its name marks it as this run's, so the
 * global teardown drops it whatever happens to the test.
 */
export async function copyTemplateDatabase(): Promise<{ url: string; name: string }> {
  const template = inject('dbTemplate');
  const name = `heirloom_t_${template.template.split('_')[2]}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`);
  // Nothing in a test database has to survive a crash of the server it lives on: a commit need not
  // wait for the disk (the embedded run's cluster is set so already; a PostgreSQL server's is not).
  await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  await admin.end();
  return { url: withDatabase(template.url, name), name };
}

/** A fresh copy of the migrated template database (embedded PostgreSQL, or DATABASE_URL's server). */
export async function openTestDatabase(): Promise<Database & { url: string }> {
  const template = inject('dbTemplate');
  const { url, name } = await copyTemplateDatabase();
  const database = openPostgres(url);
  const close = database.close;
  return {
    ...database,
    url,
    close: async () => {
      await close();
      const drop = new pg.Client({ connectionString: template.url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await drop.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The test database's URL, for a connection of another process's kind (outside the app's pool). */
  databaseUrl: string;
  clock: AdjustableClock;
  config: Config;
  close(): Promise<void>;
}

/** The real server (buildApp) on a fresh database, with a movable clock and a private data folder. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: NodeJS.WritableStream; testClockRoute?: boolean } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    // slowRequestMs: a loaded test machine must not raise performance alerts into other tests' data
    { dataDir, demoMode: true, masterKey: randomBytes(32).toString('base64'), webDist: path.join(dataDir, 'no-web'), slowRequestMs: 600_000, ...overrides },
  );
  const clock = new AdjustableClock();
  const app = await buildApp({
    config,
    database,
    clock,
    ...(options.testClockRoute ? { testClock: clock } : {}),
    ...(options.logStream ? { logger: true, logStream: options.logStream } : { logger: false }),
  });
  return {
    app,
    db: database.db,
    database,
    databaseUrl: database.url,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the same installation, as a second server behind a load balancer runs it: its
 * own app and its own connection pool on `t`'s database, with the same settings and clock.
 * Closing it leaves `t` running.
 */
export async function buildSecondInstance(t: TestApp): Promise<TestApp> {
  const database = openPostgres(t.databaseUrl);
  const app = await buildApp({ config: t.config, database, clock: t.clock, logger: false });
  return {
    ...t,
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface TestSession {
  userId: string;
  cookie: string;
  csrfToken: string;
  sessionId: string;
}

/** The emails the app wrote to one address, newest first. */
export async function emailsTo(t: TestApp, to: string) {
  return t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
}

/** A signed-in session for a user, created directly in the database (no password round-trip). */
export async function sessionFor(t: TestApp, user: { id: string }): Promise<TestSession> {
  const token = randomToken();
  const csrfToken = randomToken();
  const sessionId = sha256(token);
  const now = t.clock.now();
  await t.db.insert(sessions).values({ id: sessionId, userId: user.id, csrfToken, createdAt: now, lastSeenAt: now });
  // The browser also holds an anonymous double-submit cookie from before sign-in, with another value:
  // a signed-in request must carry the session's own token, and every test would fail if the cookie's passed.
  const anonymousCsrf = randomToken();
  return { userId: user.id, cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${anonymousCsrf}`, csrfToken, sessionId };
}

export interface TwoOwners {
  t: TestApp;
  /** the estate owner the tests act as */
  owner: InsertedUser;
  ownerS: TestSession;
  /** the owner of another estate, whose ids must be 404 to `owner` */
  other: InsertedUser;
  otherS: TestSession;
}

/**
 * The owner-side API test preamble: registers a beforeAll that builds the app and signs in two
 * estate owners (`ownerOverrides` for the first), and an afterAll that closes the app. The returned
 * objects are filled in place by the beforeAll, so a test file destructures them once at the top:
 * `const { t, owner, ownerS, other, otherS } = useTwoOwners({ name: 'Margaret Ellis' });`
 */
export function useTwoOwners(ownerOverrides: Parameters<typeof insertOwner>[1] = {}): TwoOwners {
  // Empty until beforeAll runs, as the `let`s this replaces were; only read inside tests and hooks.
  const env = { t: {}, owner: {}, ownerS: {}, other: {}, otherS: {} } as TwoOwners;
  beforeAll(async () => {
    const t = Object.assign(env.t, await buildTestApp());
    Object.assign(env.owner, await insertOwner(t.db, ownerOverrides));
    Object.assign(env.ownerS, await sessionFor(t, env.owner));
    Object.assign(env.other, await insertOwner(t.db));
    Object.assign(env.otherS, await sessionFor(t, env.other));
  });
  afterAll(async () => env.t.close());
  return env;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Call the API as a session (or anonymously with null), with the CSRF header set. */
export function injectAs(
  t: TestApp,
  session: TestSession | null,
  method: Method,
  url: string,
  body?: unknown,
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...((extra.headers as Record<string, string>) ?? {}) };
  if (session) {
    headers.cookie = session.cookie;
    headers['x-csrf-token'] = session.csrfToken;
  }
  return t.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : typeof body === 'string' || Buffer.isBuffer(body) ? { payload: body } : { payload: body as object }),
    ...extra,
    ...(extra.headers ? { headers } : {}),
  });
}

/**
 * A password sign-in by a browser at `client` behind a proxy at `peer` (which appends the client to
 * X-Forwarded-For; with no proxy trusted, `peer` is the address the app sees).
 */
export async function signInFrom(t: TestApp, client: string, email: string, password: string, peer = '127.0.0.1') {
  const headers = { 'x-forwarded-for': client };
  const session = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', remoteAddress: peer, headers });
  const csrf = session.json<{ csrfToken: string }>().csrfToken;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    remoteAddress: peer,
    headers: { ...headers, cookie: `${CSRF_COOKIE}=${csrf}`, 'x-csrf-token': csrf },
    payload: { email, password },
  });
}

/** An anonymous browser: keeps cookies between calls and sends the CSRF header like the SPA does. */
export class Browser {
  private cookies = new Map<string, string>();
  csrfToken = '';
  /** `ip` is the address the requests come from (the per-address rate limits count by it). */
  constructor(
    private readonly t: TestApp,
    private readonly ip = '127.0.0.1',
  ) {}

  async call(method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && !this.csrfToken) await this.refresh();
    const response = await this.t.app.inject({
      method,
      url,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'GET' ? {} : { 'x-csrf-token': this.csrfToken }),
      },
      remoteAddress: this.ip,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const c of response.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    if (url.startsWith('/api/v1/auth/sign') || url.startsWith('/api/v1/demo/')) await this.refresh();
    return response;
  }

  async refresh(): Promise<void> {
    const res = await this.call('GET', '/api/v1/auth/session');
    this.csrfToken = (res.json() as { csrfToken: string }).csrfToken;
  }
}

/** Sign up as a new estate owner the way a person does: the form, then the emailed link. Returns the confirm response. */
export async function signUpThroughEmail(t: TestApp, browser: Browser, input: { name: string; email: string; password: string }) {
  const requested = await browser.call('POST', '/api/v1/auth/sign-up', input);
  if (requested.statusCode !== 202) throw new Error(`sign-up answered ${requested.statusCode}: ${requested.body}`);
  const [mail] = await emailsTo(t, input.email.trim().toLowerCase());
  const token = mail && /\/sign-up\/confirm#([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no sign-up link was emailed to ${input.email}`);
  return browser.call('POST', '/api/v1/auth/sign-up/confirm', { token, password: input.password });
}

/** "Confirm it's you" on a session (the password, or `{ code }` with two-factor on): sensitive actions then work for a few minutes. */
export async function confirmIdentityAs(t: TestApp, session: TestSession, proof: { password?: string; code?: string }): Promise<void> {
  const res = await injectAs(t, session, 'POST', '/api/v1/session/confirm', proof);
  if (res.statusCode !== 200) throw new Error(`confirming failed: ${res.statusCode} ${res.body}`);
}
