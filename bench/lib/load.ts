import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { waitForHealth } from './server.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 20;

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon with the bench's settings (20 connections, BENCH_SECONDS). */
export async function hammer(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/** One second of load, not measured: a cold JIT is not what a running server is. */
export async function warmUpWith(url: string, headers: Record<string, string> = {}): Promise<void> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts the ceiling server in its own process; `measure(bytes)` hammers a body of that size. */
export async function startCeiling(port: number): Promise<{ measure(bytes: number): Promise<Measured>; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'ceiling-server.ts'), String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, 30, '/bytes/2');
  // One short warm-up, so the first endpoint's ceiling is not measured on a cold JIT.
  await warmUpWith(`${base}/bytes/1024`);
  return {
    measure: (bytes) => hammer(`${base}/bytes/${bytes}`),
    stop: () => child.kill('SIGTERM'),
  };
}
