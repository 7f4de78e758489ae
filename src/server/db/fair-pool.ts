import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** When the request being served arrived (performance.now()); set for each request by plugins/fair-queue.ts. */
export const requestArrival = new AsyncLocalStorage<number>();

interface Waiter {
  arrival: number;
  admit: () => void;
}

/** No connection came free within the pool's acquire timeout (ADR 0086): the database is frozen or overloaded. */
export class AcquireTimeoutError extends Error {
  readonly code = 'HEIRLOOM_DB_ACQUIRE_TIMEOUT';
  constructor(ms: number) {
    super(`no database connection came free within ${ms} ms`);
  }
}

/**
 * A pool that hands out its connections oldest request first (ADR 0069).
 *
 * pg's pool serves waiters in the order they asked. A request that reads in three steps therefore
 * queued three times behind every newer request, and under load its latency was three queue waits:
 * the lists (two or three steps) took twice as long as the dashboard (one step, queries in
 * parallel), and the p99 followed the slowest shape. Here a request's later steps go ahead of requests
 * that arrived after it, so requests finish roughly in the order they came, whatever their shape.
 * Work outside a request (jobs, start-up) counts as arriving when it asks.
 *
 * At most `max` connections are out at once (pg's own queue is then never used); a waiter is
 * admitted when one comes back ('release', which pg emits for every checkout's end, errors included).
 * A waiter gives up after `connectionTimeoutMillis` (ADR 0086), which pg also applies to opening a
 * new connection: a frozen database answers 503 within seconds instead of queueing requests forever.
 */
export class FairPool extends pg.Pool {
  private out = 0;
  private readonly waiting: Waiter[] = [];
  private readonly limit: number;
  private readonly acquireTimeoutMs: number;

  constructor(config: pg.PoolConfig & { max: number }) {
    super(config);
    this.limit = config.max;
    this.acquireTimeoutMs = config.connectionTimeoutMillis ?? 0;
    this.on('release', () => {
      this.out--;
      this.admitNext();
    });
  }

  /** Checkouts waiting for a connection. */
  get queued(): number {
    return this.waiting.length;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    const checkout = this.admitted(requestArrival.getStore() ?? performance.now()).then(() =>
      super.connect().catch((error: unknown) => {
        // No client was handed out, so no 'release' will come for this slot.
        this.out--;
        this.admitNext();
        throw error;
      }),
    );
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  private admitted(arrival: number): Promise<void> {
    if (this.out < this.limit && this.waiting.length === 0) {
      this.out++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const timer = this.acquireTimeoutMs > 0 ? setTimeout(() => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new AcquireTimeoutError(this.acquireTimeoutMs));
      }, this.acquireTimeoutMs) : undefined;
      const waiter: Waiter = { arrival, admit: () => (clearTimeout(timer), resolve()) };
      // Sorted by arrival; equal arrivals keep the order they asked in.
      let at = this.waiting.length;
      while (at > 0 && this.waiting[at - 1]!.arrival > arrival) at--;
      this.waiting.splice(at, 0, waiter);
    });
  }

  private admitNext(): void {
    while (this.out < this.limit && this.waiting.length > 0) {
      this.out++;
      this.waiting.shift()!.admit();
    }
  }
}
