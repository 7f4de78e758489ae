import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDashboard } from '../../../core/dashboard.schemas.ts';
import { getDashboard } from './get-dashboard.ts';

export async function dashboardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: ZDashboard } }, config: { permission: 'read:estate:own' } },
    async (req) => getDashboard(req.ctx),
  );
}
