/**
 * `npx tsx bench/cpu-split.ts [--demo] [screen…]` (after `npm run build` and `npm run bench:data`): where each
 * hot screen's CPU goes at the large size — the app's Node process and PostgreSQL's processes, in
 * milliseconds of CPU per request, read from /proc around one autocannon run (BENCH_SECONDS) per
 * screen. PostgreSQL's share is the machine's busy time less the server's and this process's (the
 * load generator): its backends come and go with the pool (maxUses), so they cannot be followed one
 * by one; anything else running on the machine counts there too, so run it on a quiet machine.
 * Says which side a screen's cost is on before anyone optimises the other. A screen with a ceiling
 * (bench/ceiling/) gets a second row, the ceiling's, measured the same way once its answer is
 * deep-equal to the app's: the least either side could spend on that screen. `--demo`: the same on
 * the demo data, seeded into a database of its own on the large database's PostgreSQL.
 */
import fs from 'node:fs';
import { startCeiling } from './ceiling/start.ts';
import { LARGE_DATABASE_URL, LARGE_DATA_DIR } from './known.ts';
import { hammer, warmUpWith, SECONDS } from './lib/load.ts';
import { startServer, type RunningServer } from './lib/server.ts';
import { withDemoOnPostgres } from './lib/demo-on-postgres.ts';
import type { Session } from './lib/sessions.ts';
import type { Role } from '../src/core/roles.ts';
import { ENDPOINTS } from './screens.ts';
import { demoPersonaSessions, largePersonaSessions } from './targets.ts';

const TICKS_PER_SECOND = 100;

/** utime + stime of one process, in clock ticks. */
function ticksOf(pid: string): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Busy CPU time of the whole machine, in ticks (/proc/stat: all but idle and iowait). */
function machineBusyTicks(): number {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  return n.reduce((a, b) => a + b, 0) - n[3]! - n[4]!;
}

/** This process's CPU (autocannon runs in it), in ticks. */
const ownTicks = () => {
  const { user, system } = process.cpuUsage();
  return ((user + system) / 1e6) * TICKS_PER_SECOND;
};

/** CPU per request, Node's (the process `pid`) and the rest of the machine's (PostgreSQL), around one run. */
async function split(pid: number, url: string, headers: Record<string, string>) {
  await warmUpWith(url, headers);
  const [node0, busy0, own0] = [ticksOf(String(pid))!, machineBusyTicks(), ownTicks()];
  const measured = await hammer(url, headers);
  const [node1, busy1, own1] = [ticksOf(String(pid))!, machineBusyTicks(), ownTicks()];
  const requests = measured.rps * SECONDS;
  const perRequest = (ticks: number) => ((ticks * 1000) / TICKS_PER_SECOND / requests).toFixed(2);
  return `${Math.round(measured.rps)} | ${perRequest(node1 - node0)} | ${perRequest(busy1 - busy0 - (node1 - node0) - (own1 - own0))}`;
}

const args = process.argv.slice(2);
const onDemo = args.includes('--demo');
const wanted = args.filter((a) => a !== '--demo');
const port = Number(process.env.BENCH_PORT ?? 4100) + 20;

/** Each wanted screen's split on `server`, and its ceiling's beside it when the ceiling answers as the app does. */
async function splitScreens(server: RunningServer, databaseUrl: string, sessions: Partial<Record<Role, Session>>): Promise<void> {
  const ceiling = await startCeiling(port + 1, databaseUrl);
  try {
    console.log(`CPU per request, ${onDemo ? 'demo data on the large database\'s PostgreSQL' : 'at the large size'} (${SECONDS} s per screen)\n\n| screen | req/s | Node ms | PostgreSQL ms |\n|---|---|---|---|`);
    for (const endpoint of ENDPOINTS.filter((e) => e.role && (!wanted.length || wanted.includes(e.name)))) {
      const headers = { cookie: sessions[endpoint.role!]!.cookie };
      const url = server.base + endpoint.path('garden');
      console.log(`| ${endpoint.name} | ${await split(server.pid, url, headers)} |`);
      const body = (await (await fetch(url, { headers })).json()) as unknown;
      const why = await ceiling.check(endpoint.name, [{ headers, body }], 'garden');
      console.log(why === null ? `| ↳ its ceiling | ${await split(ceiling.pid, ceiling.urlOf(endpoint.name, 'garden'), headers)} |` : `| ↳ no ceiling: ${why} | | | |`);
    }
  } finally {
    ceiling.stop();
  }
}

if (onDemo) {
  await withDemoOnPostgres(LARGE_DATABASE_URL, port, async (server, databaseUrl) => splitScreens(server, databaseUrl, await demoPersonaSessions(server.base)));
} else {
  const server = await startServer({ port, kind: 'postgres', databaseUrl: LARGE_DATABASE_URL, dataDir: LARGE_DATA_DIR });
  try {
    await splitScreens(server, LARGE_DATABASE_URL, await largePersonaSessions(LARGE_DATABASE_URL));
  } finally {
    await server.stop();
  }
}
