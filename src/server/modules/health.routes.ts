import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']) });

export async function healthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: ZHealth, 503: ZHealth } }, config: { public: true } },
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
