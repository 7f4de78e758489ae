import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';
import type { ListenerCopies } from './listener-copies.ts';

export interface ShutdownLimits {
  /** How long open connections may take to finish their requests before they are cut. */
  drainMs: number;
  /** How long handlers whose caller already hung up may take before the database closes under them. */
  settleMs: number;
}

export const SHUTDOWN_LIMITS: ShutdownLimits = { drainMs: 25_000, settleMs: 5_000 };

/**
 * Graceful shutdown, in this order (ADR 0054):
 * 1. stop accepting connections (on the listener copies too, ADR 0072); a new request on an open keep-alive connection gets 503 and
 *    `Connection: close` (Fastify's closing state); idle connections are closed;
 * 2. let in-flight requests finish, up to `drainMs`, then cut the connections still open;
 * 3. stop the job scheduler, letting a running job finish (its own bound, scheduler.ts) — the
 *    jobs plugin's onClose hook, which Fastify runs after the server has closed;
 * 4. wait up to `settleMs` for handlers still running without a caller (a socket can close while
 *    its handler is in the auth step);
 * 5. close the database (pool, or the embedded database).
 * Returns false when a bound was hit (the caller still exits: the work left was cut).
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  database: Database,
  limits: ShutdownLimits = SHUTDOWN_LIMITS,
  copies?: Pick<ListenerCopies, 'close'>,
): Promise<boolean> {
  let clean = true;
  const cut = setTimeout(() => {
    clean = false;
    app.log.warn({ inFlight: app.inFlight.count, afterMs: limits.drainMs }, 'shutdown: cutting the connections still open');
    app.server.closeAllConnections();
  }, limits.drainMs);
  try {
    // app.close() waits only for the connections the server's own listener accepted.
    await Promise.all([app.close(), copies?.close()]);
  } finally {
    clearTimeout(cut);
  }
  if (!(await app.inFlight.settled(limits.settleMs))) {
    clean = false;
    app.log.warn({ inFlight: app.inFlight.count }, 'shutdown: closing the database under handlers still running');
  }
  await database.close();
  app.log.info({ clean }, 'shutdown: database closed');
  return clean;
}
