import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client.ts';

type Execute = Database['execute'];

/**
 * One hit: a new window when the key has none running, else one more in the current one. Atomic in
 * PostgreSQL (ON CONFLICT locks the row), so hits arriving at several instances at once are all
 * counted. The window starts at a key's first hit and runs `$2` ms, as the in-memory store's did;
 * times are the database's, the one clock every instance shares.
 */
const HIT = `
INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.window_ends_at > now() THEN c.hits + 1 ELSE 1 END,
  window_ends_at = CASE WHEN c.window_ends_at > now() THEN c.window_ends_at ELSE excluded.window_ends_at END
RETURNING hits, ceil(extract(epoch FROM c.window_ends_at - now()) * 1000)::int AS ttl_ms`;

interface RouteLimit {
  routeInfo?: { method?: unknown; url?: unknown };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

class RouteCounters implements FastifyRateLimitStore {
  constructor(
    private readonly execute: Execute,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    this.execute(HIT, [this.prefix + key, timeWindow]).then(
      ({ rows: [row] }) => callback(null, { current: Number(row!.hits), ttl: Math.max(0, Number(row!.ttl_ms)) }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const limit = options as unknown as RouteLimit;
    const { method, url } = limit.routeInfo ?? {};
    if (typeof url !== 'string' || !url) throw new Error('A rate limit is declared on a route (config.rateLimit): its counters are per route');
    if (limit.continueExceeding || limit.exponentialBackoff) throw new Error(`${url}: the PostgreSQL rate-limit store counts fixed windows only`);
    return new RouteCounters(this.execute, `${[method].flat().join(',')} ${url}\n`);
  }
}

/**
 * @fastify/rate-limit's store, counted in PostgreSQL (ADR 0085): the limits hold for a client
 * however a load balancer spreads its requests over the instances. Each route counts on its own,
 * under its method and URL pattern.
 */
export function postgresRateLimitStore(database: Pick<Database, 'execute'>): FastifyRateLimitStoreCtor {
  const execute: Execute = (text, params) => database.execute(text, params);
  return class extends RouteCounters {
    constructor() {
      super(execute, '');
    }
  };
}

/** Deletes the counters whose window has ended (the sweep-rate-limits job); returns how many. */
export async function sweepRateLimitCounters(database: Pick<Database, 'execute'>): Promise<number> {
  const { rows } = await database.execute('WITH gone AS (DELETE FROM rate_limit_counters WHERE window_ends_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone');
  return Number(rows[0]?.n ?? 0);
}
