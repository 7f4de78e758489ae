import PgBoss from 'pg-boss';
import type { Deps } from '../context.ts';
import { withMigrationLock, type Database } from '../db/client.ts';
import { raiseAdminAlert } from '../notices/raise-admin-alert.ts';
import type { JobCtx, JobResult, RegisteredJob } from './job.ts';
import { JOBS } from './registry.ts';

/** pg-boss keeps its tables in this schema, beside the app's own (created on first start). */
export const JOBS_SCHEMA = 'pgboss';

export interface JobRun {
  job: string;
  result: JobResult | null;
}

/** How the queue stands, for the admin dashboard's system status (ADR 0028). */
export interface JobQueueStats {
  /** Waiting to run (new, or failed and waiting to retry). */
  queued: number;
  active: number;
  /** Failed at least once and waiting to be tried again. */
  retrying: number;
  /** Failed for good (retries used up), still in the queue's retention window. */
  failed: number;
}

export interface JobScheduler {
  /**
   * Start the background poller: periodic jobs on their cron schedule, queued jobs as they come.
   * Only the server process (main.ts) calls this; tests build the app without it and call runDue().
   */
  start(): Promise<void>;
  /** Stop polling and let running handlers finish. Safe to call when never started. */
  stop(): Promise<void>;
  /** Run every periodic job once, then every queued job that is ready. Throws when a handler failed. */
  runDue(): Promise<JobRun[]>;
  /** Queue an on-demand job (validated against its payload schema). Returns the queued job's id. */
  enqueue(name: string, payload?: unknown): Promise<string>;
  /** Counts of the queue's jobs by state, read from the queue's own tables (zeros before it first started). */
  stats(): Promise<JobQueueStats>;
  /** 'polling' after start(), 'manual' once used without the poller, else 'stopped'. */
  readonly state: 'stopped' | 'manual' | 'polling';
}

export interface SchedulerOptions {
  database: Database;
  /** The app's dependencies (a function: the scheduler is itself one of them). */
  deps: () => Deps;
  jobs?: readonly RegisteredJob[];
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  pollingIntervalSeconds?: number;
}

/** pg-boss talks to the database through `executeSql`: the app's pool. */
export function pgBossDb(database: Database): PgBoss.Db {
  return { executeSql: (text: string, values?: unknown[]) => database.execute(text, values) };
}

const HOUR_MS = 60 * 60 * 1000;

/** PostgreSQL's "undefined table" / "undefined schema": the queue has never started on this database. */
const neverStarted = (error: unknown) => ['42P01', '3F000'].includes(String((error as { code?: unknown }).code ?? ''));

const jobCtx = (deps: Deps, name: string): JobCtx => ({ ...deps, actor: null, meta: { ip: '', userAgent: `job:${name}` } });

export function createJobScheduler(options: SchedulerOptions): JobScheduler {
  const jobs = options.jobs ?? JOBS;
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error('two jobs share a name');
  const log = options.log;
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let state: JobScheduler['state'] = 'stopped';

  async function ensureBoss(polling: boolean): Promise<PgBoss> {
    if (boss) return boss;
    starting ??= (async () => {
      const instance = new PgBoss({
        db: pgBossDb(options.database),
        schema: JOBS_SCHEMA,
        // Without the poller (tests, one-off runs) nothing runs on timers.
        supervise: polling,
        schedule: polling,
        migrate: true,
      });
      instance.on('error', (error: Error) => log?.error({ err: error }, 'job queue error'));
      // Instances starting together on a new database deadlocked creating the same queues' tables.
      await withMigrationLock(options.database, async () => {
        await instance.start();
        for (const job of jobs) await instance.createQueue(job.name, { name: job.name, policy: 'standard', retryLimit: 3, retryDelay: 30 });
      });
      boss = instance;
      return instance;
    })();
    try {
      return await starting;
    } finally {
      starting = null;
    }
  }

  /**
   * A handler threw: log it and raise one admin alert per job per hour (by the app clock). The
   * alert names the job and the error's class, never its message (which may quote user data).
   */
  async function reportFailure(job: RegisteredJob, error: unknown): Promise<void> {
    log?.error({ err: error, job: job.name }, 'job failed');
    try {
      const deps = options.deps();
      const hour = new Date(Math.floor(deps.clock.now().getTime() / HOUR_MS) * HOUR_MS).toISOString();
      await raiseAdminAlert(deps, {
        type: 'bug',
        message: `Background job "${job.name}" failed`,
        dedupeKey: `job-failed:${job.name}:${hour}`,
        details: { job: job.name, error: error instanceof Error ? error.name : 'Error', hour },
      });
    } catch (alertError) {
      log?.error({ err: alertError, job: job.name }, 'could not raise the failed-job alert');
    }
  }

  async function runOne(job: RegisteredJob, payload: unknown): Promise<JobRun> {
    const started = Date.now();
    const result = (await job.run(jobCtx(options.deps(), job.name), payload)) ?? null;
    log?.info({ job: job.name, ms: Date.now() - started, ...(result ?? {}) }, 'job ran');
    return { job: job.name, result };
  }

  async function drainQueued(instance: PgBoss, runs: JobRun[], failures: unknown[]): Promise<void> {
    for (const job of jobs) {
      for (let round = 0; round < 100; round++) {
        const batch = await instance.fetch<unknown>(job.name, { batchSize: 20 });
        if (batch.length === 0) break;
        for (const queued of batch) {
          try {
            runs.push(await runOne(job, queued.data));
            await instance.complete(job.name, queued.id);
          } catch (error) {
            failures.push(error);
            await reportFailure(job, error);
            await instance.fail(job.name, queued.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      }
    }
  }

  return {
    get state() {
      return state;
    },

    async start() {
      if (state === 'polling') return;
      const instance = await ensureBoss(true);
      state = 'polling';
      for (const job of jobs) {
        if (job.every) await instance.schedule(job.name, job.every, {}, { tz: 'UTC' });
        await instance.work<unknown>(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (batch) => {
          for (const queued of batch) {
            try {
              await runOne(job, queued.data);
            } catch (error) {
              await reportFailure(job, error);
              throw error; // pg-boss records the failure and retries
            }
          }
        });
      }
    },

    async stop() {
      if (starting) await starting.catch(() => undefined);
      const instance = boss;
      boss = null;
      state = 'stopped';
      await instance?.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },

    async runDue() {
      const runs: JobRun[] = [];
      const failures: unknown[] = [];
      for (const job of jobs.filter((j) => j.every)) {
        try {
          runs.push(await runOne(job, {}));
        } catch (error) {
          failures.push(error);
          await reportFailure(job, error);
        }
      }
      const instance = await ensureBoss(state === 'polling');
      if (state === 'stopped') state = 'manual';
      await drainQueued(instance, runs, failures);
      if (failures.length) throw new AggregateError(failures, `${failures.length} job run(s) failed`);
      return runs;
    },

    async stats() {
      const names = jobs.map((j) => j.name);
      let rows: Record<string, unknown>[];
      try {
        ({ rows } = await options.database.execute(
          `SELECT state::text AS state, count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active', 'failed') GROUP BY state`,
          [names],
        ));
      } catch (error) {
        if (neverStarted(error)) return { queued: 0, active: 0, retrying: 0, failed: 0 };
        throw error;
      }
      const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
      return { queued: count('created') + count('retry'), active: count('active'), retrying: count('retry'), failed: count('failed') };
    },

    async enqueue(name, payload = {}) {
      const job = byName.get(name);
      if (!job) throw new Error(`unknown job: ${name}`);
      const data = job.parse(payload) as object;
      const instance = await ensureBoss(state === 'polling');
      if (state === 'stopped') state = 'manual';
      const id = await instance.send(name, data);
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },
  };
}
