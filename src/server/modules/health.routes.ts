import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { within } from '../lib/within.ts';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']) });
const ZLive = z.object({ status: z.literal('ok') });
const ZReady = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'down']), storage: z.enum(['ok', 'down']) });

/** Each dependency of /readyz gets this long before it counts as down (a frozen one must not hang the probe). */
export const READY_CHECK_TIMEOUT_MS = 3_000;

async function answers(check: () => Promise<void>): Promise<'ok' | 'down'> {
  return within(READY_CHECK_TIMEOUT_MS, check()).then(
    () => 'ok' as const,
    () => 'down' as const,
  );
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * Probes (ADR 0082). `/livez`: the process answers (a restart is the cure for no answer).
 * `/readyz`: the database and the file store answer, each within READY_CHECK_TIMEOUT_MS (503 names
 * the one that did not; a load balancer sends no traffic here meanwhile). `/api/health`: the
 * database only, kept for the callers that use it. None reads a session: a cookie changes nothing.
 */
export async function healthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/livez', { schema: { tags: ['system'], response: { 200: ZLive } } }, async (_req, reply) => {
    noStore(reply);
    return { status: 'ok' as const };
  });

  app.get('/readyz', { schema: { tags: ['system'], response: { 200: ZReady, 503: ZReady } } }, async (req, reply) => {
    noStore(reply);
    const { database, files } = req.baseCtx;
    const [db, storage] = await Promise.all([answers(() => database.ping()), answers(() => files.check())]);
    const ready = db === 'ok' && storage === 'ok';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', database: db, storage });
  });

  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: ZHealth, 503: ZHealth } }, config: { public: true, probe: true } },
    async (req, reply) => {
      try {
        await req.baseCtx.database.ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'degraded' as const, database: 'down' as const });
      }
    },
  );
}
