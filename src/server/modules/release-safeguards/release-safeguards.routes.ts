import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReleaseSafeguards, ZSetTrusteesRequest, ZUpdateReleaseRulesRequest } from '../../../core/release-safeguards.schemas.ts';
import { getReleaseSafeguards } from './get-release-safeguards.ts';
import { setTrustees } from './set-trustees.ts';
import { updateReleaseRules } from './update-release-rules.ts';

export async function releaseSafeguardsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['release-safeguards'];
  app.get(
    '/api/v1/release-safeguards',
    { schema: { tags, response: { 200: ZReleaseSafeguards } }, config: { permission: 'read:estate:own' } },
    async (req) => getReleaseSafeguards(req.ctx),
  );
  app.put(
    '/api/v1/release-safeguards/trustees',
    { schema: { tags, body: ZSetTrusteesRequest, response: { 200: ZReleaseSafeguards } }, config: { permission: 'update:estate:own' } },
    async (req) => setTrustees(req.ctx, req.body),
  );
  app.patch(
    '/api/v1/release-safeguards/rules',
    { schema: { tags, body: ZUpdateReleaseRulesRequest, response: { 200: ZReleaseSafeguards } }, config: { permission: 'update:estate:own' } },
    async (req) => updateReleaseRules(req.ctx, req.body),
  );
}
