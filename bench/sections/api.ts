import type { Role } from '../../src/core/roles.ts';
import type { Ceiling } from '../ceiling/start.ts';
import { hammer, warmUpWith, type Measured } from '../lib/load.ts';
import { ms, type Report } from '../lib/report.ts';
import type { Session } from '../lib/sessions.ts';
import { statementsPerRequest } from '../lib/statements.ts';

import { ENDPOINTS, STATEMENTS_BUDGET } from '../screens.ts';

export interface ApiTarget {
  /** Row section, e.g. "API embedded, demo size". */
  label: string;
  base: string;
  /** The server's metrics listener: its statement counter. */
  metrics: string;
  /** More users per persona, whose answers the ceilings must also match (the first is `sessions`'). */
  moreSessions?: Partial<Record<Role, Session[]>>;
  sessions: Partial<Record<Role, Session>>;
  searchTerm: string;
}

/** Each screen's throughput against its one-statement ceiling at the large size (issue 26). */
const RATIO_BUDGET = 0.67;
const LARGE_P99_BUDGET_MS = 50;
/** A ceiling must answer as the app does for this many users of the persona (issue 26: 10). */
const CEILING_CHECKS = 10;

/**
 * Each endpoint: its statements per request (the server's own count), then autocannon, then — at
 * the large size — its ceiling (ceiling/sql.ts: one hand-written statement building the same JSON,
 * checked deep-equal first) back to back in the same run. Returns the p50 of each endpoint (for the
 * large-vs-demo rows).
 */
export async function measureApi(report: Report, target: ApiTarget, ceiling?: Ceiling): Promise<Map<string, number>> {
  const p50s = new Map<string, number>();
  await warmUp(target);
  for (const endpoint of ENDPOINTS) {
    const session = endpoint.role ? target.sessions[endpoint.role] : undefined;
    if (endpoint.role && !session) {
      report.skip(target.label, endpoint.name, `no ${endpoint.role} session`);
      continue;
    }
    const url = target.base + endpoint.path(target.searchTerm);
    const headers: Record<string, string> = session ? { cookie: session.cookie } : {};
    const probe = await fetch(url, { headers });
    const body = Buffer.from(await probe.arrayBuffer());
    if (!probe.ok) {
      report.add({ section: target.label, measure: endpoint.name, figure: `answers ${probe.status}: ${body.toString('utf8').slice(0, 80)}`, pass: false });
      continue;
    }
    const statements = await statementsPerRequest(url, headers, target.metrics);
    report.add({
      section: target.label,
      measure: `${endpoint.name}: statements per request`,
      figure: statements.toFixed(1),
      budget: isBudgeted(endpoint) ? `≤${STATEMENTS_BUDGET} (session check + 2)` : undefined,
      pass: isBudgeted(endpoint) ? statements <= STATEMENTS_BUDGET : undefined,
    });
    const ours = await hammer(url, headers);
    p50s.set(endpoint.name, ours.p50);
    const failures = ours.errors + ours.non2xx;
    const measure = `${endpoint.name} (${(body.length / 1024).toFixed(1)} KB)`;
    if (!ceiling || !isBudgeted(endpoint)) {
      report.add({ section: target.label, measure, figure: `${speedOf(ours)}${failuresOf(ours)}`, budget: isBudgeted(endpoint) ? '0 errors' : undefined, pass: isBudgeted(endpoint) ? failures === 0 : undefined });
      continue;
    }
    const answers = [{ headers, body: JSON.parse(body.toString('utf8')) as unknown }];
    for (const other of target.moreSessions?.[endpoint.role!] ?? []) {
      if (other.cookie === session!.cookie || answers.length >= CEILING_CHECKS) continue;
      const otherHeaders = { cookie: other.cookie };
      answers.push({ headers: otherHeaders, body: (await (await fetch(url, { headers: otherHeaders })).json()) as unknown });
    }
    const bare = await ceiling.measure(endpoint.name, answers, target.searchTerm);
    if ('none' in bare) {
      report.add({ section: target.label, measure, figure: `${speedOf(ours)}${failuresOf(ours)}`, ceiling: bare.none, budget: `≥${RATIO_BUDGET}× ceiling`, pass: false });
      continue;
    }
    const ratio = ours.rps / bare.rps;
    const p99Holds = ours.p99 < LARGE_P99_BUDGET_MS;
    report.add({
      section: target.label,
      measure,
      figure: `${speedOf(ours)} · ${ratio.toFixed(2)}× ceiling${failuresOf(ours)}`,
      ceiling: `${Math.round(bare.rps).toLocaleString('en')} req/s · p50 ${ms(bare.p50)} · p99 ${ms(bare.p99)} (same answer for ${answers.length} users)`,
      budget: `≥${RATIO_BUDGET}× ceiling, p99 <${LARGE_P99_BUDGET_MS} ms`,
      pass: ratio >= RATIO_BUDGET && p99Holds && failures === 0,
    });
  }
  return p50s;
}

/** The health probe is figures only: the budgets are the screens'. */
const isBudgeted = (endpoint: (typeof ENDPOINTS)[number]) => endpoint.role !== null;
const speedOf = (m: Measured) => `${Math.round(m.rps).toLocaleString('en')} req/s · p50 ${ms(m.p50)} · p99 ${ms(m.p99)}`;
const failuresOf = (m: Measured) => (m.errors + m.non2xx ? ` · ${m.errors + m.non2xx} errors/non-2xx` : '');

/** As the ceiling gets one: a second of the first endpoint, so it is not measured on a cold JIT. */
async function warmUp(target: ApiTarget): Promise<void> {
  const first = ENDPOINTS[0]!;
  const session = first.role ? target.sessions[first.role] : undefined;
  await warmUpWith(target.base + first.path(target.searchTerm), session ? { cookie: session.cookie } : {});
}

/** p50 at the large size against the same endpoint at demo size (budget ≤1.3×, issue 26). */
export function compareSizes(report: Report, demo: Map<string, number>, large: Map<string, number>): void {
  for (const [name, largeP50] of large) {
    const demoP50 = demo.get(name);
    if (demoP50 === undefined || name.startsWith('health')) continue;
    // autocannon's latencies are whole milliseconds: a 0–1 ms demo figure counts as 1 ms.
    const factor = largeP50 / Math.max(1, demoP50);
    report.add({
      section: 'API large vs demo',
      measure: `${name} p50`,
      figure: `${ms(largeP50)} large / ${ms(demoP50)} demo = ${factor.toFixed(2)}×`,
      budget: '≤1.3×',
      pass: factor <= 1.3,
    });
  }
}
