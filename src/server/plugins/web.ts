import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isFileName, screenAt } from '../../core/app-routes.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import { MEMORIAL_PATHS, MEMORIAL_ROBOTS, MEMORIAL_SCREEN } from '../../core/memorial.schemas.ts';
import { pageHtmlByScreen } from '../lib/page-html.ts';
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
 * them) and answers unknown paths: the SPA's index.html for a screen of the app (core/app-routes.ts,
 * the table the browser's router is built from), naming that screen's code for the browser to
 * preload (lib/page-html.ts); a 404 for anything else (ADR 0082) — a browser
 * asking for a page still gets the app with it (its router shows the "not found" screen), anyone
 * else (a scanner, a probe, a stale asset) the JSON error.
 */
/** What crawlers are told: the memorials' unlisted pages and the API are not to be fetched (ADR 0107); everything else may be. */
export const ROBOTS_TXT = `User-agent: *\nDisallow: ${MEMORIAL_PATHS}\nDisallow: /api/\n`;

export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', cacheControlFor('robots.txt')).send(ROBOTS_TXT));
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
  const pageHtml = hasWeb ? pageHtmlByScreen(opts.webDist) : null;
  app.setNotFoundHandler((request, reply) => {
    const pagePath = pageHtml && (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request) ? requestPath(request.url) : null;
    const screen = pagePath === null ? undefined : screenAt(pagePath);
    if (pageHtml && screen) {
      const page = pageHtml(screen);
      reply.type('text/html; charset=utf-8').header('cache-control', cacheControlFor('index.html')).header('etag', page.etag);
      // a memorial's unlisted page is never indexed (issue 28)
      if (screen.file === MEMORIAL_SCREEN) reply.header('x-robots-tag', MEMORIAL_ROBOTS);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      return reply.send(request.method === 'HEAD' ? undefined : page.body);
    }
    if (pagePath !== null && !isFileName(pagePath) && request.headers.accept?.includes('text/html')) {
      return reply.code(404).type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(reply, 404, ERROR_CODES.notFound, `Nothing is at ${request.method} ${requestPath(request.url)}.`);
  });
});
