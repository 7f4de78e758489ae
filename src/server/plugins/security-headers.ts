import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { isApiRequest } from '../lib/request-path.ts';

/**
 * Browser features the app never uses, switched off for every page and anything it frames. Only
 * features Chromium knows: it logs an error on every page for one it does not (`bluetooth` was one).
 * The camera is the one exception, for Heirloom's own pages only: a trustee scans their Emergency
 * Kit's QR code with it (issue 27); nothing it frames may use it.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'interest-cohort=()',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "media-src 'self' blob:",
  "frame-src 'self'",
];

/**
 * The headers every answer carries: what helmet's defaults send plus our CSP directives, written
 * out once (helmet rebuilt them on every request: 4 % of a cached answer's time, ADR 0067).
 */
export function staticSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': [...CSP, ...(https ? ['upgrade-insecure-requests'] : [])].join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/**
 * Response headers for every request: a strict CSP whose `frame-ancestors 'none'` forbids framing
 * anything (the one exception, a file the app previews in its own frame, calls lib/framing.ts),
 * a Permissions-Policy, HSTS only when the app is served over https, and `Cache-Control: no-store`
 * on every API answer (JSON and file downloads alike) so no shared or browser cache keeps a family's data.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const https = opts.config.publicUrl.startsWith('https:');
  const headers = staticSecurityHeaders(https);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (https || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
  });
});
