/**
 * `npm run bench` (after `npm run build`): starts the built server on a fresh data folder with the
 * demo seed, signs in as the demo estate owner and measures the main read endpoints with autocannon.
 * Prints one table; nothing is asserted. Set DATABASE_URL to measure against PostgreSQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 3990);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENDPOINTS = [
  '/api/health',
  '/api/v1/auth/session',
  '/api/v1/dashboard',
  '/api/v1/memories',
  '/api/v1/memories?q=garden',
  '/api/v1/documents',
  '/api/v1/digital-assets',
  '/api/v1/tasks',
  '/api/v1/beneficiaries',
];

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy');
}

async function signIn(): Promise<string> {
  const first = await fetch(`${BASE}/api/v1/auth/session`);
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  const csrfCookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const res = await fetch(`${BASE}/api/v1/demo/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: csrfCookie },
    body: JSON.stringify({ persona: 'estate-owner' }),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-'));
const server = spawn(process.execPath, ['dist/server/src/server/main.js', '--demo'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_MODE: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitForHealth();
  const cookie = await signIn();
  const rows: Record<string, string | number>[] = [];
  for (const url of ENDPOINTS) {
    const probe = await fetch(BASE + url, { headers: { cookie } });
    if (probe.status === 404) continue; // endpoint not built yet
    const result = await autocannon({ url: BASE + url, connections: 10, duration: SECONDS, headers: { cookie } });
    rows.push({
      endpoint: url,
      status: probe.status,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  console.log(`\nHeirloom API, ${SECONDS}s per endpoint, 10 connections, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores`);
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
