import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../context.ts';
import { createGenerationCache } from '../lib/generation-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET route's JSON answer may be served again to the same session while nothing in the
     * database changed, for at most READ_CACHE_SECONDS (ADR 0067). Only for handlers that read and
     * never write (no audit row, no "seen" mark): a cached answer skips the handler.
     */
    readCache?: boolean;
  }
  interface FastifyRequest {
    /** The answer came from the read cache (nothing to store again). */
    servedFromReadCache: boolean;
  }
}

interface CachedAnswer {
  body: string;
  contentType: string;
}

/** Answers above this are not kept (the lists are paged; nothing hot is this big). */
const MAX_ANSWER_BYTES = 256 * 1024;
/** Nor answers to URLs longer than this: a padded query string must not fill memory with keys. */
const MAX_URL_LENGTH = 1024;
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** One session's share: a client walking thousands of distinct URLs pushes out only its own answers. */
const MAX_ENTRIES_PER_SESSION = 200;

/**
 * The read cache (ADR 0067). Registered after the auth plugin: a request reaches the lookup only
 * signed in, past CSRF, two-factor and its route's permission, all judged afresh. The key is the
 * session and the full URL, so an answer is only ever served again to the session it was made for.
 */
export const readCachePlugin = fp(async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { deps } = opts;
  const answers = createGenerationCache<CachedAnswer>({
    changes: deps.database.changes,
    clock: deps.clock,
    ttlMs: deps.config.readCacheSeconds * 1000,
    maxEntries: MAX_ENTRIES,
    maxBytes: MAX_BYTES,
    perGroup: { max: MAX_ENTRIES_PER_SESSION, of: (key) => key.slice(0, key.indexOf('\n')) },
  });
  const keyOf = (request: FastifyRequest) => (request.actor ? `${request.actor.sessionId}\n${request.url}` : null);
  const cacheable = (request: FastifyRequest) => request.routeOptions.config.readCache === true && request.method === 'GET';

  app.decorateRequest('servedFromReadCache', false);
  app.addHook('onRoute', (route) => {
    if (!route.config?.readCache) return;
    const methods = [route.method].flat();
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD') || !route.config.permission) {
      throw new Error(`Route ${String(route.method)} ${route.url}: readCache is only for signed-in GET routes`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!cacheable(request)) return;
    const key = keyOf(request);
    const hit = key === null ? undefined : answers.get(key);
    if (!hit) return;
    request.servedFromReadCache = true;
    return reply.code(200).type(hit.contentType).send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.servedFromReadCache || !cacheable(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const key = keyOf(request);
    const contentType = reply.getHeader('content-type');
    if (key === null || request.url.length > MAX_URL_LENGTH || typeof contentType !== 'string' || !contentType.startsWith('application/json')) {
      return payload;
    }
    // What the heap holds: V8 keeps a string with any non-Latin-1 character at two bytes a character.
    const bytes = 2 * (payload.length + key.length);
    if (bytes <= MAX_ANSWER_BYTES) answers.set(key, { body: payload, contentType }, request.readStamp, bytes);
    return payload;
  });
});
