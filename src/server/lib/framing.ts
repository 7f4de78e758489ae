import type { FastifyReply } from 'fastify';

/** For a file the app shows in its own preview frame: framable by the app's own pages, nothing else. */
export function allowSameOriginFraming(reply: FastifyReply): void {
  reply
    .header('content-security-policy', "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN');
}
