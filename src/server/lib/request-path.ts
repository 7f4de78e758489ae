import type { FastifyRequest } from 'fastify';

/**
 * The path a request really addresses, as the router sees it: the origin of an absolute-form
 * target (`GET http://host/api/…`) dropped, percent-escapes decoded (`/%61pi/…` is `/api/…`),
 * the query left off. Only for requests no route matched; a matched route's own pattern
 * (`request.routeOptions.url`) is what decides everything else.
 */
export function requestPath(rawUrl: string): string {
  let target = rawUrl;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (origin) target = target.slice(origin[0].length) || '/';
  const path = target.split(/[?#]/, 1)[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** True when the request is for the JSON API: its matched route, or the decoded path when none matched. */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? requestPath(request.url);
  return path === '/api' || path.toLowerCase().startsWith('/api/');
}
