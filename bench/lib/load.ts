import autocannon from 'autocannon';

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
