import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { ZPreviewUrl, ZRejectRequest, ZVerificationItem, ZVerificationPage, ZVerificationQuery } from '../../../core/lifecycle.schemas.ts';
import { listVerifications } from '../../lifecycle/list-verifications.ts';
import { reviewVerification } from './review-verification.ts';
import { previewVerification, sendVerificationFile } from './verification-preview.ts';

const ZPreviewLink = z.object({ exp: z.string().regex(/^\d{1,16}$/, { message: 'Not a valid link' }), sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Not a valid link' }) }).strict();

/** The estate administrator's review of reports: the verification queue, approve or reject, and the proof preview. */
export async function verificationsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['estate-administrator'];

  app.get(
    '/api/v1/estate-admin/verifications',
    { schema: { tags, querystring: ZVerificationQuery, response: { 200: ZVerificationPage } }, config: { permission: 'read:verification:own' } },
    async (req) => listVerifications(req.ctx, req.query),
  );
  app.post(
    '/api/v1/estate-admin/verifications/:id/approve',
    { schema: { tags, params: ZIdParams, response: { 200: ZVerificationItem } }, config: { permission: 'update:verification:own' } },
    async (req) => reviewVerification(req.ctx, req.params.id, { approve: true }),
  );
  app.post(
    '/api/v1/estate-admin/verifications/:id/reject',
    { schema: { tags, params: ZIdParams, body: ZRejectRequest, response: { 200: ZVerificationItem } }, config: { permission: 'update:verification:own' } },
    async (req) => reviewVerification(req.ctx, req.params.id, { approve: false, reason: req.body.reason }),
  );
  app.post(
    '/api/v1/estate-admin/verifications/:id/preview',
    { schema: { tags, params: ZIdParams, response: { 200: ZPreviewUrl } }, config: { permission: 'read:verification:own' } },
    async (req) => previewVerification(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/verification-files/:id',
    {
      schema: { tags, summary: 'The preview frame’s document (short-lived, for the administrator it was made for)', params: ZIdParams, querystring: ZPreviewLink },
      config: { permission: 'read:verification:own' },
    },
    async (req, reply) => sendVerificationFile(req.ctx, req.params.id, req.query, reply),
  );
}
