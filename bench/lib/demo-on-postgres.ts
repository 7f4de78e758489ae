import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from './server.ts';

/**
 * The built server with the demo seed on the PostgreSQL server that holds the large database (a
 * database of its own, `heirloom_bench_demo`, dropped after): "large ÷ demo" then compares two data
 * sizes on one engine, not the embedded PostgreSQL 18 with the server's version.
 */
export async function withDemoOnPostgres<T>(largeUrl: string, port: number, work: (server: RunningServer, databaseUrl: string) => Promise<T>): Promise<T> {
  const url = new URL(largeUrl);
  const name = 'heirloom_bench_demo';
  const admin = new pg.Client({ connectionString: largeUrl });
  await admin.connect();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-demo-'));
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    const server = await startServer({ port, kind: 'postgres', databaseUrl: url.toString(), dataDir, demo: true });
    try {
      return await work(server, url.toString());
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
