import http from 'node:http';
import { ms, type Report } from '../lib/report.ts';
import type { Session } from '../lib/sessions.ts';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const REQUEST_TIMEOUT_MS = 30_000;
const HEALTH_EVERY_MS = 250;

type Action = { method: 'GET' | 'POST'; path: string; body?: unknown };

/** What a signed-in user does, in turn, without think time: mostly reads, one write in six. */
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

const answered = (value: number): string => (Number.isFinite(value) ? ms(value) : 'unanswered');
const percentile = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0);

/** /api/health on a connection of its own (no keep-alive): what a liveness probe sees. */
function healthOnNewConnection(base: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/health`, { agent: false, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : Number.POSITIVE_INFINITY));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(Number.POSITIVE_INFINITY));
  });
}

/**
 * `sessions.length` simulated users (owners and beneficiaries), each in a loop through its actions
 * for LOAD_SECONDS; meanwhile /api/health on a new connection every 250 ms. Errors: network errors,
 * timeouts (30 s) and 5xx answers.
 */
export async function measureMixedLoad(report: Report, base: string, sessions: Session[], label: string): Promise<void> {
  const section = `Mixed load (${label})`;
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const countError = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const until = Date.now() + LOAD_SECONDS * 1000;

  const user = async (session: Session, offset: number) => {
    const actions = session.role === 'beneficiary' ? BENEFICIARY_ACTIONS : OWNER_ACTIONS;
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
    }
  };
  // Probes start on schedule whether or not the previous one was answered: a stuck accept queue shows.
  const probes: Promise<number>[] = [];
  const prober = (async () => {
    while (Date.now() < until) {
      probes.push(healthOnNewConnection(base));
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
    }
  })();
  await Promise.all([...sessions.map((s, i) => user(s, i)), prober]);
  const health = await Promise.all(probes);

  latencies.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const owners = sessions.filter((s) => s.role !== 'beneficiary').length;
  const who = `${sessions.length} users (${owners} owners, ${sessions.length - owners} beneficiaries), ${LOAD_SECONDS} s`;
  report.add({ section, measure: `${who}: requests`, figure: `${latencies.length.toLocaleString('en')} answered (${Math.round(latencies.length / LOAD_SECONDS)} req/s)` });
  const worst = [...errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([k, v]) => `${v}× ${k}`).join('; ');
  report.add({ section, measure: 'errors (network, timeout, 4xx/5xx)', figure: `${errorCount}${worst ? ` — ${worst}` : ''}`, budget: '0', pass: errorCount === 0 });
  const p99 = percentile(latencies, 0.99);
  report.add({ section, measure: 'request latency', figure: `p50 ${ms(percentile(latencies, 0.5))} · p99 ${ms(p99)} · max ${ms(latencies.at(-1) ?? 0)}`, budget: 'p99 <1 s', pass: p99 < 1000 });
  const healthMax = health.at(-1) ?? Number.POSITIVE_INFINITY;
  const unanswered = health.filter((h) => !Number.isFinite(h)).length;
  report.add({
    section,
    measure: `/api/health on new connections (${health.length} probes)`,
    figure: `p99 ${answered(percentile(health, 0.99))} · max ${answered(healthMax)}${unanswered ? ` · ${unanswered} unanswered` : ''}`,
    budget: 'max <100 ms',
    pass: healthMax < 100,
  });
}
