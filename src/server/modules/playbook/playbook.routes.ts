import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { ZPlaybook, ZPlaybookItem, ZPlaybookItemParams, ZPlaybookQuery } from '../../../core/playbook.schemas.ts';
import { getPlaybook } from './get-playbook.ts';
import { setPlaybookTick } from './tick-playbook-item.ts';

/** The executor playbook of an active estate: read it, tick an item off, untick it. */
export async function playbookRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['playbook'];
  app.get(
    '/api/v1/estates/:id/playbook',
    { schema: { tags, params: ZIdParams, querystring: ZPlaybookQuery, response: { 200: ZPlaybook } }, config: { permission: 'read:playbook:own' } },
    async (req) => getPlaybook(req.ctx, req.params.id, req.query),
  );
  app.put(
    '/api/v1/estates/:id/playbook/:assetId/tick',
    { schema: { tags, params: ZPlaybookItemParams, response: { 200: ZPlaybookItem } }, config: { permission: 'update:playbook:own' } },
    async (req) => setPlaybookTick(req.ctx, req.params.id, req.params.assetId, true),
  );
  app.delete(
    '/api/v1/estates/:id/playbook/:assetId/tick',
    { schema: { tags, params: ZPlaybookItemParams, response: { 200: ZPlaybookItem } }, config: { permission: 'update:playbook:own' } },
    async (req) => setPlaybookTick(req.ctx, req.params.id, req.params.assetId, false),
  );
}
