import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCreateFeedbackRequest, ZFeedbackListQuery, ZFeedbackPage, ZFeedbackReceipt } from '../../../core/feedback.schemas.ts';
import { createFeedback } from './create-feedback.ts';
import { listFeedback } from './list-feedback.ts';

/** User feedback: any signed-in user sends it (the user menu); admins read it (core/feedback.schemas.ts, ADR 0030). */
export async function feedbackRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/feedback',
    { schema: { tags: ['account'], summary: 'Send feedback (bug report, feature request or other)', body: ZCreateFeedbackRequest, response: { 201: ZFeedbackReceipt } }, config: { permission: 'create:feedback:own' } },
    async (req, reply) => reply.code(201).send(await createFeedback(req.ctx, req.body)),
  );
  app.get(
    '/api/v1/admin/feedback',
    { schema: { tags: ['admin'], summary: 'Feedback from every user, newest first', querystring: ZFeedbackListQuery, response: { 200: ZFeedbackPage } }, config: { permission: 'read:feedback:any' } },
    async (req) => listFeedback(req.ctx, req.query),
  );
}
