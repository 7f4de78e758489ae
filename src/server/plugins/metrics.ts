import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../context.ts';
import { startMetricsListener, type MetricsListener } from '../metrics/listener.ts';
import { createMetrics } from '../metrics/registry.ts';

/** Requests no route matched (404s, probes of paths that do not exist) share this route label. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Prometheus metrics when METRICS_PORT is set (ADR 0086): every answered request is observed by its
 * route pattern; the listener on HOST:METRICS_PORT starts with the app (a port in use stops the
 * start) and closes with it.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { config } = opts.deps;
  if (config.metricsPort === undefined) return;
  const metrics = createMetrics(opts.deps);
  let listener: MetricsListener | undefined;

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onReady', async () => {
    listener = await startMetricsListener(metrics.registry, config.host, config.metricsPort!);
  });
  app.addHook('onClose', async () => listener?.close());
});
