import http from 'node:http';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  close(): Promise<void>;
}

/**
 * The metrics' own listener on `host:port` (ADR 0086), apart from the app's port so a proxy never
 * exposes it: GET /metrics and nothing else.
 */
export async function startMetricsListener(registry: Registry, host: string, port: number): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') return res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed\n');
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  };
}
