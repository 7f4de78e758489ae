import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from './db/client.ts';

export interface ShutdownLimits {
  /** The longest the instance keeps listening while it steers the proxy's new requests elsewhere (step 1). */
  graceMs: number;
  /** Step 1 ends sooner once no new connection has arrived for this long (the proxy has stopped sending). */
  quietMs: number;
  /** How long open connections may take to finish their requests before they are cut. */
  drainMs: number;
  /** How long handlers whose caller already hung up may take before the database closes under them. */
  settleMs: number;
}

export const SHUTDOWN_LIMITS: ShutdownLimits = { graceMs: 5_000, quietMs: 500, drainMs: 25_000, settleMs: 5_000 };

/** The methods nginx never passes on to another instance once sent (proxy_next_upstream without non_idempotent). */
const NOT_RETRIED_BY_PROXY = new Set(['POST', 'PATCH', 'LOCK']);

/**
 * Whether nginx may pass this request on to another instance after this one dropped it: not a
 * POST/PATCH, and no body (nginx streams bodies, proxy_request_buffering off, and never retries a
 * request whose body it has begun to send).
 */
const retriedByProxy = (req: IncomingMessage) =>
  !NOT_RETRIED_BY_PROXY.has(req.method ?? '') && !req.headers['transfer-encoding'] && !(Number(req.headers['content-length']) > 0);

/**
 * Step 1 (ADR 0088, 0113): the listener stays open; a request the proxy may retry elsewhere has
 * its connection closed before any handler runs, with no answer. nginx counts that as an `error`:
 * it tries the other instance and marks this one failed (max_fails), sending it nothing new. A 503
 * would do the same only if nginx retried every 503, and then a database outage, which gives every
 * instance 503s, marks them all failed ("no live upstreams"): so a 503 means a dependency is down,
 * and nginx hands it to the client. A POST, a PATCH or a request with a body is still served, since
 * nginx cannot retry it. Ends when no new connection came for `quietMs`, or after `graceMs`.
 * Closing the listener while the proxy still connects would reset the connections in its accept
 * queue, whose requests nginx has already sent: a POST among them is an error.
 */
async function steerTrafficAway(app: FastifyInstance, limits: ShutdownLimits): Promise<{ refused: number; ms: number }> {
  const server = app.server;
  const started = Date.now();
  let lastConnection = started;
  let refused = 0;
  const onConnection = () => (lastConnection = Date.now());
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const steer = (req: IncomingMessage, res: ServerResponse) => {
    if (!retriedByProxy(req)) {
      for (const handler of handlers) handler.call(server, req, res);
      return;
    }
    refused++;
    req.socket.destroy();
  };
  server.on('connection', onConnection);
  server.removeAllListeners('request');
  server.on('request', steer);
  try {
    while (Date.now() - started < limits.graceMs && Date.now() - lastConnection < limits.quietMs) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(50, limits.quietMs)));
    }
  } finally {
    server.off('connection', onConnection);
    server.off('request', steer);
    for (const handler of handlers) server.on('request', handler);
  }
  return { refused, ms: Date.now() - started };
}

/**
 * Graceful shutdown, in this order (ADR 0054, 0088):
 * 0. steer the proxy's new requests to the other instances while still listening (steerTrafficAway);
 * 1. stop accepting connections; a new request on an open keep-alive connection gets 503 and
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
): Promise<boolean> {
  let clean = true;
  if (limits.graceMs > 0) {
    const steered = await steerTrafficAway(app, limits);
    app.log.info(steered, 'shutdown: new requests steered away; closing the listener');
  }
  const cut = setTimeout(() => {
    clean = false;
    app.log.warn({ inFlight: app.inFlight.count, afterMs: limits.drainMs }, 'shutdown: cutting the connections still open');
    app.server.closeAllConnections();
  }, limits.drainMs);
  try {
    await app.close();
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
