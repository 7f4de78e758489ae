import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ms, percentile, type Report } from '../lib/report.ts';
import type { Session } from '../lib/sessions.ts';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const REQUEST_TIMEOUT_MS = 30_000;
const HEALTH_EVERY_MS = 250;
/**
 * The users all connect at once. libuv (since 1.45) accepts one connection per listener per turn of
 * the event loop; the server listens on 32 descriptors of its socket (ADR 0072) so the burst is taken
 * in a few turns. An information row shows the probes after this long apart.
 */
const SETTLING_MS = 3_000;

type Action = { method: 'GET' | 'POST'; path: string; body?: unknown };

/** What a signed-in user does, in turn: mostly reads, one write in six. */
const OWNER_ACTIONS: Action[] = [
  { method: 'GET', path: '/api/v1/dashboard' },
  { method: 'GET', path: '/api/v1/memories' },
  { method: 'GET', path: '/api/v1/documents' },
  { method: 'GET', path: '/api/v1/memories?q=summer' },
  { method: 'GET', path: '/api/v1/tasks' },
  { method: 'POST', path: '/api/v1/tasks', body: { title: 'Bench: call the solicitor' } },
];
const BENEFICIARY_ACTIONS: Action[] = [
  { method: 'GET', path: '/api/v1/shared/home' },
  { method: 'GET', path: '/api/v1/shared/memories' },
  { method: 'GET', path: '/api/v1/shared/documents' },
  { method: 'GET', path: '/api/v1/notifications' },
  { method: 'GET', path: '/api/v1/shared/home' },
  { method: 'POST', path: '/api/v1/notifications/read-all', body: {} },
];

export interface LoadOptions {
  /** Each user waits this long on average between clicks (exponentially distributed); none: no wait. */
  thinkMs?: number;
  /** The request latency's p99 budget (1 s by default). */
  p99BudgetMs?: number;
}

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
/** A think time drawn from the exponential distribution with this mean. */
const think = (mean: number) => -Math.log(1 - Math.random()) * mean;

const answered = (value: number): string => (Number.isFinite(value) ? ms(value) : 'unanswered');

const here = path.dirname(fileURLToPath(import.meta.url));

/** /api/health on new connections every HEALTH_EVERY_MS, from a process of its own (lib/health-prober.ts). */
function startHealthProber(base: string): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../lib/health-prober.ts'), base, String(LOAD_SECONDS), String(HEALTH_EVERY_MS), String(REQUEST_TIMEOUT_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the health prober exited with ${code}`));
      resolve((JSON.parse(out) as (number | null)[]).map((v) => v ?? Number.POSITIVE_INFINITY));
    });
  });
}

/**
 * `sessions.length` simulated users (owners and beneficiaries), each in a loop through its actions
 * for LOAD_SECONDS; meanwhile /api/health on a new connection every 250 ms from another process. Errors: network errors,
 * timeouts (30 s) and 5xx answers.
 */
export async function measureMixedLoad(report: Report, base: string, sessions: Session[], label: string, options: LoadOptions = {}): Promise<void> {
  const thinking = options.thinkMs !== undefined;
  const p99Budget = options.p99BudgetMs ?? 1000;
  const section = `Mixed load (${label}${thinking ? `, thinking ${options.thinkMs! / 1000} s` : ''})`;
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const countError = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const until = Date.now() + LOAD_SECONDS * 1000;

  const user = async (session: Session, offset: number) => {
    const actions = session.role === 'beneficiary' ? BENEFICIARY_ACTIONS : OWNER_ACTIONS;
    // A thinking user starts after a think too, so the users do not all click at the first instant.
    if (thinking) await sleep(think(options.thinkMs!));
    for (let i = offset; Date.now() < until; i++) {
      const action = actions[i % actions.length]!;
      const started = performance.now();
      try {
        const res = await fetch(base + action.path, {
          method: action.method,
          headers: { cookie: session.cookie, ...(action.body ? { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken } : {}) },
          body: action.body ? JSON.stringify(action.body) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        if (res.status >= 500) countError(`${res.status} ${action.method} ${action.path}`);
        else if (res.status >= 400) countError(`${res.status} ${action.method} ${action.path} (refused)`);
      } catch (error) {
        countError(`${(error as Error).name} ${action.method} ${action.path}`);
      }
      if (thinking) await sleep(Math.min(think(options.thinkMs!), Math.max(0, until - Date.now())));
    }
  };
  // The load generator's own event loop lag, to read the latencies by (it shares the 2 cores).
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  // Probes start on schedule whether or not the previous one was answered: a stuck accept queue shows.
  const [health] = await Promise.all([startHealthProber(base), ...sessions.map((s, i) => user(s, i))]);
  lag.disable();

  latencies.sort((a, b) => a - b);
  // Probes go out every HEALTH_EVERY_MS from the start; those of the first seconds meet the 200 users' new connections.
  const settled = health.slice(Math.ceil(SETTLING_MS / HEALTH_EVERY_MS)).sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const owners = sessions.filter((s) => s.role !== 'beneficiary').length;
  const who = `${sessions.length} users (${owners} owners, ${sessions.length - owners} beneficiaries), ${LOAD_SECONDS} s`;
  report.add({ section, measure: `${who}: requests`, figure: `${latencies.length.toLocaleString('en')} answered (${Math.round(latencies.length / LOAD_SECONDS)} req/s)` });
  const worst = [...errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([k, v]) => `${v}× ${k}`).join('; ');
  report.add({ section, measure: 'errors (network, timeout, 4xx/5xx)', figure: `${errorCount}${worst ? ` — ${worst}` : ''}`, budget: '0', pass: errorCount === 0 });
  const p99 = percentile(latencies, 0.99);
  report.add({ section, measure: 'request latency', figure: `p50 ${ms(percentile(latencies, 0.5))} · p99 ${ms(p99)} · max ${ms(latencies.at(-1) ?? 0)}`, budget: `p99 <${ms(p99Budget)}`, pass: p99 < p99Budget });
  report.add({ section, measure: 'the load generator\'s own event loop lag (information)', figure: `p99 ${ms(lag.percentile(99) / 1e6)} · max ${ms(lag.max / 1e6)}` });
  const healthMax = health.at(-1) ?? Number.POSITIVE_INFINITY;
  const unanswered = health.filter((h) => !Number.isFinite(h)).length;
  report.add({
    section,
    measure: `/api/health on new connections (${health.length} probes)`,
    figure: `p99 ${answered(percentile(health, 0.99))} · max ${answered(healthMax)}${unanswered ? ` · ${unanswered} unanswered` : ''}`,
    budget: 'max <100 ms',
    pass: healthMax < 100,
  });
  report.add({
    section,
    measure: `/api/health after the first ${SETTLING_MS / 1000} s, once the users are connected (information)`,
    figure: `p99 ${answered(percentile(settled, 0.99))} · max ${answered(settled.at(-1) ?? Number.POSITIVE_INFINITY)}`,
  });
}
