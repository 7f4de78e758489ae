import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../context.ts';
import { raiseAdminAlert } from '../notices/raise-admin-alert.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A performance alert for the admin dashboard when an API request takes `config.slowRequestMs` or
 * longer to answer (ADR 0028). The alert names the method and the matched route's pattern
 * (`GET /api/v1/memories/:id`), never the URL a caller typed: no ids, no query string, no search
 * words. One alert per route per hour of the app clock (the dedupe key), and this process asks
 * the database at most once per route and hour.
 */
export const slowRequestsPlugin = fp(async (app: FastifyInstance, opts: { deps: Deps }) => {
  const threshold = opts.deps.config.slowRequestMs;
  const raised = new Set<string>();
  let raisedHour = '';
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const ms = reply.elapsedTime;
    if (!route || !route.startsWith('/api/') || ms < threshold) return;
    const hour = new Date(Math.floor(opts.deps.clock.now().getTime() / HOUR_MS) * HOUR_MS).toISOString();
    if (hour !== raisedHour) {
      raised.clear();
      raisedHour = hour;
    }
    const key = `slow-request:${request.method} ${route}:${hour}`;
    if (raised.has(key)) return;
    raised.add(key);
    try {
      await raiseAdminAlert(opts.deps, {
        type: 'performance',
        message: `Slow responses on ${request.method} ${route} (${Math.round(ms)} ms; the limit is ${threshold} ms)`,
        dedupeKey: key,
        details: { method: request.method, route, ms: Math.round(ms), thresholdMs: threshold, status: reply.statusCode, hour },
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not raise the slow-request alert');
    }
  });
});
