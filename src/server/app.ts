import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { MEDIA_MAX_BYTES } from '../core/memories.schemas.ts';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { subscribers } from './events/subscribers.ts';
import type { Database } from './db/client.ts';
import { createJobScheduler } from './jobs/scheduler.ts';
import { testClockRoutes } from './jobs/test-clock.routes.ts';
import { systemClock, type AdjustableClock, type Clock } from './lib/clock.ts';
import { createSecretBox, loadMasterKey } from './lib/crypto.ts';
import { serializeError, serializeRequest } from './lib/log-serializers.ts';
import { postgresRateLimitStore } from './lib/rate-limit-store.ts';
import { REQUEST_ID_HEADER, requestIdFor } from './lib/request-id.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { MODULES } from './modules/registry.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inFlightPlugin } from './plugins/in-flight.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { slowRequestsPlugin } from './plugins/slow-requests.ts';
import { validationPlugin } from './plugins/validation.ts';
import { webPlugin } from './plugins/web.ts';
import { createFileStore } from './storage/create-file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  logger?: boolean;
  /** Where the log goes (stdout by default); tests read it to prove what it never holds. */
  logStream?: NodeJS.WritableStream;
  /** Start the background job poller (the server process). Tests leave it off and call deps.jobs.runDue(). */
  pollJobs?: boolean;
  /** E2E only: expose POST /api/v1/test/clock to move this clock and run due jobs. */
  testClock?: AdjustableClock;
  /** Crash tests only (main.ts: TEST_PAUSE_AFTER_COMMIT): see Mailer.pauseAfterCommit. */
  pauseAfterCommit?: () => Promise<void>;
}

/** JSON bodies above this are refused with 413 (uploads go through multipart with their own limits). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** external plugins → app plugins → modules. Tests call this with their own database and clock. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  // The scheduler needs the finished deps to build its handlers' context; it reads them lazily.
  const late: { deps?: Deps; log?: FastifyInstance['log'] } = {};
  const deps: Deps = {
    config,
    database,
    db: database.db,
    clock,
    mailer: options.mailer ?? createMailer(database.db, {
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        now: () => clock.now(),
        log: { warn: (details, message) => late.log?.warn(details, message) },
        ...(options.pauseAfterCommit ? { pauseAfterCommit: options.pauseAfterCommit } : {}),
      }),
    secrets: createSecretBox(loadMasterKey(config.masterKey, config.dataDir)),
    files: createFileStore(config),
    jobs: createJobScheduler({
      database,
      deps: () => late.deps!,
      log: { info: (obj, msg) => late.log?.info(obj, msg), error: (obj, msg) => late.log?.error(obj, msg) },
    }),
    events: subscribers,
  };
  late.deps = deps;

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]'],
            serializers: { req: serializeRequest, err: serializeError },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Fastify's own 404 for a malformed URL etc. goes through our error handler.
    return503OnClosing: true,
  });
  app.decorate('deps', deps);
  late.log = app.log;
  // Before any hook that may answer early (a 401, a 429): every answer names its request.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // First, so a request is counted before any hook of its own touches the database.
  await app.register(inFlightPlugin);
  // Before the routes, so every answer (a 401 from a hook, a 404) is observed.
  await app.register(metricsPlugin, { deps });
  await app.register(validationPlugin);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, { config });
  // Counted in PostgreSQL, so a client's limit holds across every instance (ADR 0085).
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database) });
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES /* the largest part: a video; documents have their own 10 MB rule */, files: 20, fields: 50, fieldSize: 100_000 } });
  await app.register(openapiPlugin, { enabled: config.apiDocs });
  await app.register(authPlugin, { deps });
  await app.register(jobsPlugin, { deps, poll: options.pollJobs ?? false });
  await app.register(slowRequestsPlugin, { deps });

  for (const mod of MODULES) await app.register(mod);
  if (options.testClock) await app.register(testClockRoutes(options.testClock));

  await app.register(webPlugin, { webDist: config.webDist });
  // Awaiting a Fastify instance readies it: callers get a ready app.
  return app;
}
