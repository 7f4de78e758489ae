import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZExecutors, ZSetExecutorsRequest } from '../../../core/executors.schemas.ts';
import { getExecutors } from './get-executors.ts';
import { setExecutors } from './set-executors.ts';

/** The owner names who settles their estate after activation (issue 28). */
export async function executorsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['executors'];
  app.get('/api/v1/executors', { schema: { tags, response: { 200: ZExecutors } }, config: { permission: 'read:estate:own' } }, async (req) => getExecutors(req.ctx));
  app.put(
    '/api/v1/executors',
    { schema: { tags, body: ZSetExecutorsRequest, response: { 200: ZExecutors } }, config: { permission: 'update:estate:own' } },
    async (req) => setExecutors(req.ctx, req.body),
  );
}
