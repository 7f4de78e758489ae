import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../core/errors.ts';
import { isApiRequest, requestPath } from '../lib/request-path.ts';
import { sendError } from './errors.ts';

/**
 * Serves the built SPA from `webDist` (when it exists) and answers unknown paths:
 * JSON 404 under /api, the SPA's index.html elsewhere (the router shows its error screen).
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const index = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: opts.webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request) || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, ERROR_CODES.notFound, `Nothing is at ${request.method} ${requestPath(request.url)}.`);
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
});
