import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReleasePlan } from '../../../core/release-plan.schemas.ts';
import { getReleasePlan } from './get-release-plan.ts';

/** The owner's Release plan: what happens to whom if they die or become incapacitated. */
export async function releasePlanRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/release-plan',
    { schema: { tags: ['release-plan'], summary: "The owner's release plan, computed from the rules that will run", response: { 200: ZReleasePlan } }, config: { permission: 'read:estate:own' } },
    async (req) => getReleasePlan(req.ctx),
  );
}
