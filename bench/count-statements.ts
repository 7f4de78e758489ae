/**
 * `npx tsx bench/count-statements.ts [--large]` after `npm run build`: the statements each hot
 * screen's API sends per request, without the load (quick; `npm run bench` prints them too).
 */
import { LARGE_DATABASE_URL, LARGE_DATA_DIR } from './known.ts';
import { startServer } from './lib/server.ts';
import { statementsPerRequest } from './lib/statements.ts';
import { ENDPOINTS } from './screens.ts';
import { demoPersonaSessions, largePersonaSessions } from './targets.ts';

const large = process.argv.includes('--large');
const port = Number(process.env.BENCH_PORT ?? 4100) + 3;
const server = large
  ? await startServer({ port, kind: 'postgres', databaseUrl: LARGE_DATABASE_URL, dataDir: LARGE_DATA_DIR })
  : await startServer({ port, kind: 'embedded' });
try {
  const sessions = large ? await largePersonaSessions(LARGE_DATABASE_URL) : await demoPersonaSessions(server.base);
  for (const endpoint of ENDPOINTS) {
    const session = endpoint.role ? sessions[endpoint.role] : undefined;
    const n = await statementsPerRequest(server.base + endpoint.path('garden'), session ? { cookie: session.cookie } : {}, server.metrics);
    console.log(`${endpoint.name.padEnd(24)} ${n.toFixed(1)}`);
  }
} finally {
  await server.stop();
}
