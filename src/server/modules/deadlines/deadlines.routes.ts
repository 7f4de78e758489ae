import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZOkResponse } from '../../../core/common.schemas.ts';
import { ZDeadline, ZDeadlineParams, ZDeadlines, ZOwnDeadlineInput, ZSettlementInput } from '../../../core/deadlines.schemas.ts';
import { addDeadline } from './add-deadline.ts';
import { deleteDeadline } from './delete-deadline.ts';
import { getDeadlines } from './get-deadlines.ts';
import { setDeadlineDone } from './mark-deadline-done.ts';
import { setSettlement } from './set-settlement.ts';

/** Settlement deadlines of an active estate (ADR 0104): the facts, the timeline, the executor's own, done or not. */
export async function deadlinesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['deadlines'];
  app.get(
    '/api/v1/estates/:id/deadlines',
    { schema: { tags, params: ZIdParams, response: { 200: ZDeadlines } }, config: { permission: 'read:settlement:own' } },
    async (req) => getDeadlines(req.ctx, req.params.id),
  );
  app.put(
    '/api/v1/estates/:id/settlement',
    { schema: { tags, params: ZIdParams, body: ZSettlementInput, response: { 200: ZDeadlines } }, config: { permission: 'update:settlement:own' } },
    async (req) => setSettlement(req.ctx, req.params.id, req.body),
  );
  app.post(
    '/api/v1/estates/:id/deadlines',
    { schema: { tags, params: ZIdParams, body: ZOwnDeadlineInput, response: { 201: ZDeadline } }, config: { permission: 'create:settlement:own' } },
    async (req, reply) => reply.code(201).send(await addDeadline(req.ctx, req.params.id, req.body)),
  );
  app.put(
    '/api/v1/estates/:id/deadlines/:deadlineId/done',
    { schema: { tags, params: ZDeadlineParams, response: { 200: ZDeadline } }, config: { permission: 'update:settlement:own' } },
    async (req) => setDeadlineDone(req.ctx, req.params.id, req.params.deadlineId, true),
  );
  app.delete(
    '/api/v1/estates/:id/deadlines/:deadlineId/done',
    { schema: { tags, params: ZDeadlineParams, response: { 200: ZDeadline } }, config: { permission: 'update:settlement:own' } },
    async (req) => setDeadlineDone(req.ctx, req.params.id, req.params.deadlineId, false),
  );
  app.delete(
    '/api/v1/estates/:id/deadlines/:deadlineId',
    { schema: { tags, params: ZDeadlineParams, response: { 200: ZOkResponse } }, config: { permission: 'delete:settlement:own' } },
    async (req) => deleteDeadline(req.ctx, req.params.id, req.params.deadlineId),
  );
}
