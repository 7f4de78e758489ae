/**
 * What `npm run bench:data` creates and `npm run bench` relies on: where the large platform lives
 * and the accounts with known passwords whose estates are large.
 */
import os from 'node:os';
import path from 'node:path';

export const LARGE_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/heirloom_bench';
/** The large platform's data folder: its master key and the sample files' blobs. */
export const LARGE_DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'heirloom-bench-large');

export const KNOWN_PASSWORD = 'bench-Password-2026!';
export const KNOWN = {
  owner: 'bench.owner@example.com',
  beneficiary: 'bench.beneficiary@example.com',
  administrator: 'bench.administrator@example.com',
  planner: 'bench.planner@example.com',
  admin: 'bench.admin@example.com',
} as const;
export type KnownPersona = keyof typeof KNOWN;
