import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy or a caller may hand us as the request's id: short and safe to write into a log line. */
const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id (the log's reqId and the answer's X-Request-Id, ADR 0082): the incoming
 * X-Request-Id when well-formed, so one id follows a request through the proxy and the app;
 * otherwise a random UUID, unique across instances (Fastify's default is a per-process counter).
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}
