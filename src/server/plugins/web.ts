import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../core/errors.ts';
import { isApiRequest, requestPath } from '../lib/request-path.ts';
import { sendError } from './errors.ts';

/**
 * How long a browser may keep a built file (docs/decisions/0050): Vite names everything under assets/
 * by its content hash, so a changed file has a new name and the old one can be kept for a year;
 * index.html names the current assets, so it is revalidated on every load (a deploy reaches
 * everyone at their next page load); the few unhashed files (icons) for an hour.
 */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(/\.(br|gz)$/, '');
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (file === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built SPA from `webDist` (when it exists; precompressed .br/.gz when the browser takes
 * them) and answers unknown paths:
 * JSON 404 under /api, the SPA's index.html elsewhere (the router shows its error screen).
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const index = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(path.relative(opts.webDist, filePath))),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request) || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, ERROR_CODES.notFound, `Nothing is at ${request.method} ${requestPath(request.url)}.`);
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
});
