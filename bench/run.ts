/**
 * `npm run bench [-- --only api,bundle,lighthouse,cold,upload,load] [--skip-embedded] [--skip-large]` after `npm run build`
 * (and `npm run bench:data` for the large rows). Prints ONE table: every figure measured in this
 * run beside its ceiling and budget, PASS/FAIL. Exit code 0 always: these are figures, not tests.
 * BENCH_SECONDS (10) per endpoint, BENCH_LOAD_SECONDS (60), BENCH_UPLOAD_MB (1024), BENCH_PORT (4100);
 * BENCH_CPU_PROF_DIR=dir writes a V8 CPU profile of each server started (read it in Chrome DevTools).
 */
import os from 'node:os';
import { LARGE_DATABASE_URL, LARGE_DATA_DIR } from './known.ts';
import { startCeiling } from './ceiling/start.ts';
import { CONNECTIONS, SECONDS } from './lib/load.ts';
import { Report } from './lib/report.ts';
import { assertBuilt, startServer } from './lib/server.ts';
import { withDemoOnPostgres } from './lib/demo-on-postgres.ts';
import { largeDatabaseReady } from './lib/sessions.ts';
import { compareSizes, measureApi } from './sections/api.ts';
import { measureBundle } from './sections/bundle.ts';
import { measureColdLoad } from './sections/cold-load.ts';
import { measureLighthouse } from './sections/lighthouse.ts';
import { measureMixedLoad } from './sections/mixed.ts';
import { measureUpload } from './sections/upload.ts';
import { demoLoadSessions, demoPersonaSessions, largeLoadSessions, largePersonaSessions } from './targets.ts';

const SECTIONS = ['api', 'bundle', 'lighthouse', 'cold', 'upload', 'load'] as const;
type Section = (typeof SECTIONS)[number];
const LOAD_USERS = 200;
const THINKING_USERS = 2000;
const THINK_MS = 5000;
/** The memory search of both sizes: demo memories and bench:data titles ("… garden") hold it. */
const SEARCH_TERM = 'garden';

const argv = process.argv.slice(2);
const onlyArg = argv[argv.indexOf('--only') + 1];
const only = new Set((argv.includes('--only') && onlyArg ? onlyArg : (process.env.BENCH_ONLY ?? SECTIONS.join(','))).split(','));
for (const name of only) if (!(SECTIONS as readonly string[]).includes(name)) throw new Error(`--only: unknown section "${name}" (one of ${SECTIONS.join(', ')})`);
const wants = (section: Section) => only.has(section);
const skipLarge = argv.includes('--skip-large');
const skipEmbedded = argv.includes('--skip-embedded');
const basePort = Number(process.env.BENCH_PORT ?? 4100);

assertBuilt();
const report = new Report();
const began = Date.now();
if (wants('bundle')) measureBundle(report);

{
  if (skipEmbedded) report.skip('Embedded demo', 'all', '--skip-embedded');
  else if (wants('api') || wants('lighthouse') || wants('upload') || wants('load')) {
    const server = await startServer({ port: basePort + 1, kind: 'embedded' });
    try {
      const sessions = await demoPersonaSessions(server.base);
      if (wants('api')) await measureApi(report, { label: 'API embedded, demo', base: server.base, metrics: server.metrics, sessions, searchTerm: SEARCH_TERM });
      if (wants('lighthouse')) await measureLighthouse(report, server.base, sessions);
      if (wants('upload')) await measureUpload(report, server, sessions['estate-owner']!, 'embedded');
      if (wants('load')) await measureMixedLoad(report, server.base, await demoLoadSessions(server.base, LOAD_USERS), 'embedded, demo');
    } finally {
      await server.stop();
    }
  }
  if (wants('api') || wants('cold') || wants('load')) {
    if (skipLarge) report.skip('PostgreSQL large', 'all', '--skip-large');
    else if (!(await largeDatabaseReady(LARGE_DATABASE_URL))) report.skip('PostgreSQL large', 'all', `no large database at ${LARGE_DATABASE_URL} — run npm run bench:data first`);
    else {
      // The demo on the large's engine: what "large ÷ demo" divides by (the embedded engine's figures differ by version, not data).
      const demoP50s = wants('api')
        ? await withDemoOnPostgres(LARGE_DATABASE_URL, basePort + 2, async (server) =>
            measureApi(report, { label: 'API PostgreSQL, demo', base: server.base, metrics: server.metrics, sessions: await demoPersonaSessions(server.base), searchTerm: SEARCH_TERM }),
          )
        : new Map<string, number>();
      const server = await startServer({ port: basePort + 2, kind: 'postgres', databaseUrl: LARGE_DATABASE_URL, dataDir: LARGE_DATA_DIR });
      try {
        if (wants('api')) {
          const sessions = await largePersonaSessions(LARGE_DATABASE_URL);
          // Ten owners and ten beneficiaries (the known ones first): the ceilings must answer as the app does for each.
          const others = await largeLoadSessions(LARGE_DATABASE_URL, 20);
          const moreSessions = { 'estate-owner': others.filter((s) => s.role === 'estate-owner'), beneficiary: others.filter((s) => s.role === 'beneficiary') };
          const ceiling = await startCeiling(basePort, LARGE_DATABASE_URL);
          try {
            const largeP50s = await measureApi(report, { label: 'API PostgreSQL, large', base: server.base, metrics: server.metrics, sessions, moreSessions, searchTerm: SEARCH_TERM }, ceiling);
            compareSizes(report, demoP50s, largeP50s);
          } finally {
            ceiling.stop();
          }
        }
        if (wants('cold')) await measureColdLoad(report, server.base, await largePersonaSessions(LARGE_DATABASE_URL), 'PostgreSQL, large');
        if (wants('load')) {
          await measureMixedLoad(report, server.base, await largeLoadSessions(LARGE_DATABASE_URL, LOAD_USERS), 'PostgreSQL, large');
          // Issue 26's budget: one process serves 2,000 users who think 5 s between clicks, p99 <500 ms.
          const thinkers = await largeLoadSessions(LARGE_DATABASE_URL, THINKING_USERS);
          await measureMixedLoad(report, server.base, thinkers, 'PostgreSQL, large', { thinkMs: THINK_MS, p99BudgetMs: 500 });
        }
      } finally {
        await server.stop();
      }
    }
  }
}

const minutes = ((Date.now() - began) / 60_000).toFixed(1);
report.print(
  `Heirloom bench — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections × ${SECONDS} s per endpoint, sections: ${[...only].join(', ')}, ${minutes} min`,
);
