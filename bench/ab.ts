/**
 * `npx tsx bench/ab.ts <dir A> <dir B> [screen…]` (each a checkout with `npm run build` done): the hot
 * screens of two builds against the large database, interleaved endpoint by endpoint (A, B, B, A),
 * so both meet the same machine. For before/after figures of a change; prints req/s and p50/p99.
 */
import path from 'node:path';
import { LARGE_DATABASE_URL, LARGE_DATA_DIR } from './known.ts';
import { hammer, warmUpWith, type Measured } from './lib/load.ts';
import { ms } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import { ENDPOINTS } from './screens.ts';
import { largePersonaSessions } from './targets.ts';

const [dirA, dirB, ...screens] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: npx tsx bench/ab.ts <checkout A> <checkout B>');
const port = Number(process.env.BENCH_PORT ?? 4100) + 10;
const start = (dir: string, offset: number) =>
  startServer({ port: port + offset, kind: 'postgres', databaseUrl: LARGE_DATABASE_URL, dataDir: LARGE_DATA_DIR, entry: path.join(dir, 'dist/server/src/server/main.js') });
const servers = [await start(dirA, 0), await start(dirB, 1)];
try {
  const sessions = await largePersonaSessions(LARGE_DATABASE_URL);
  for (const endpoint of ENDPOINTS.filter((e) => !screens.length || screens.includes(e.name))) {
    const session = endpoint.role ? sessions[endpoint.role] : undefined;
    const headers: Record<string, string> = session ? { cookie: session.cookie } : {};
    const runs: Record<'A' | 'B', Measured[]> = { A: [], B: [] };
    for (const which of ['A', 'B', 'B', 'A'] as const) {
      const url = servers[which === 'A' ? 0 : 1]!.base + endpoint.path('garden');
      await warmUpWith(url, headers);
      runs[which].push(await hammer(url, headers));
    }
    const mean = (xs: Measured[], k: 'rps' | 'p50' | 'p99') => xs.reduce((a, x) => a + x[k], 0) / xs.length;
    const failed = (k: 'A' | 'B') => runs[k].reduce((a, x) => a + x.errors + x.non2xx, 0);
    const line = (k: 'A' | 'B') => `${Math.round(mean(runs[k], 'rps'))} req/s p50 ${ms(mean(runs[k], 'p50'))} p99 ${ms(mean(runs[k], 'p99'))}${failed(k) ? ` ${failed(k)} FAILED` : ''}`;
    console.log(`${endpoint.name.padEnd(24)} A ${line('A').padEnd(36)} B ${line('B').padEnd(36)} B/A ${(mean(runs.B, 'rps') / mean(runs.A, 'rps')).toFixed(2)}`);
  }
} finally {
  for (const server of servers) await server.stop();
}
