import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  base: string;
  /** Its metrics listener (ADR 0086): GET /metrics. */
  metrics: string;
  pid: number;
  dataDir: string;
  /** Resident set size of the server process now (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

const SERVER_ENTRY = 'dist/server/src/server/main.js';
/** A bench server on port p has its metrics on p + this. */
const METRICS_PORT_OFFSET = 1000;

export function assertBuilt(): void {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Run `npm run build` first (the bench measures the built server).');
}

export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Waits until `probe` (the health endpoint by default) answers 2xx. */
export async function waitForHealth(base: string, seconds = 180, probe = '/api/health'): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}${probe}`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server at ${base} did not become healthy in ${seconds} s`);
}

/**
 * Starts the built server. `embedded`: no DATABASE_URL, a fresh data folder, the demo seed (whatever
 * the default engine is). `postgres`: DATABASE_URL and the large platform's data folder (its master
 * key); with `demo`, an empty database and data folder that the demo seed fills.
 */
/** `entry`: another build's server (bench/ab.ts). */
export async function startServer(
  options: ({ port: number; kind: 'embedded' } | { port: number; kind: 'postgres'; databaseUrl: string; dataDir: string; demo?: boolean }) & { env?: NodeJS.ProcessEnv; entry?: string },
): Promise<RunningServer> {
  const dataDir = options.kind === 'embedded' ? fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-embedded-')) : options.dataDir;
  const metricsPort = options.port + METRICS_PORT_OFFSET;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(options.port), METRICS_PORT: String(metricsPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env };
  delete env.DATABASE_URL;
  const args = [...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []), options.entry ?? SERVER_ENTRY];
  const demo = options.kind === 'embedded' || options.demo === true;
  env.DEMO_MODE = String(demo);
  if (demo) args.push('--demo');
  if (options.kind === 'postgres') env.DATABASE_URL = options.databaseUrl;
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([waitForHealth(base), exited.then(() => Promise.reject(new Error('the server exited during start-up')))]);
  return {
    base,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    pid: child.pid!,
    dataDir,
    rss: () => rssOf(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
      if (options.kind === 'embedded') fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
