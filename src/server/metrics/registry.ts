import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import type { Mailer } from '../mail/mailer.ts';
import { within } from '../lib/within.ts';

/** A gauge read from the database gets this long at scrape time; past it the gauge says NaN (ADR 0086). */
export const GAUGE_READ_TIMEOUT_MS = 2_000;

export interface Metrics {
  registry: Registry;
  /** One answered request: `route` is the matched route's pattern (never the raw URL). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/**
 * The Prometheus metrics of one instance (ADR 0086): request latency per route (its `_count` is the
 * request rate), the database pool, the job queue, the mail outbox's backlog and failed sends, and the process's own
 * default metrics. Gauges are read when scraped, so an idle instance does no work for them.
 */
export function createMetrics(deps: { database: Database; jobs: Pick<JobScheduler, 'stats'>; mailer: Pick<Mailer, 'sendFailures'> }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'heirloom_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  new Gauge({
    name: 'heirloom_db_pool_connections',
    help: 'The database pool: open connections (total), idle ones, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = deps.database.poolStats();
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
    },
  });

  runningTotal(registry, 'heirloom_db_statements_total', 'Statements the app pool has sent to the database (requests, jobs and start-up alike)', () => deps.database.statementsSent());

  new Gauge({
    name: 'heirloom_jobs',
    help: 'Background jobs by state: queued (incl. retrying), active, retrying, failed (retries used up, still retained)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const stats = await within(GAUGE_READ_TIMEOUT_MS, deps.jobs.stats()).catch(() => null);
      for (const state of ['queued', 'active', 'retrying', 'failed'] as const) this.set({ state }, stats ? stats[state] : Number.NaN);
    },
  });

  new Gauge({
    name: 'heirloom_mail_outbox_unsent',
    help: 'Emails written to the outbox and not yet sent',
    registers: [registry],
    async collect() {
      const read = deps.database.execute('SELECT count(*)::int AS n FROM outbox_emails WHERE sent_at IS NULL');
      const result = await within(GAUGE_READ_TIMEOUT_MS, read).catch(() => null);
      this.set(result ? Number(result.rows[0]?.n ?? 0) : Number.NaN);
    },
  });

  runningTotal(registry, 'heirloom_mail_send_failures_total', 'Attempts to send an email that the mail server (SMTP_URL) refused or failed, including retries', () => deps.mailer.sendFailures());

  return {
    registry,
    observeRequest: (method, route, status, seconds) => requests.observe({ method, route, status: String(status) }, seconds),
  };
}

/** A counter following a running total kept elsewhere (statements sent, failed sends), read when scraped. */
function runningTotal(registry: Registry, name: string, help: string, read: () => number): void {
  let counted = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const total = read();
      this.inc(total - counted);
      counted = total;
    },
  });
}
