import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZInvitationInfo,
  ZInvitationTokenParams,
} from '../../../core/invitations.schemas.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { getInvitation } from './get-invitation.ts';

const rateLimit = { max: 30, timeWindow: '1 minute' };

export async function invitationsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];

  app.get(
    '/api/v1/invitations/:token',
    { schema: { tags, params: ZInvitationTokenParams, response: { 200: ZInvitationInfo } }, config: { public: true, rateLimit } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getInvitation(req.baseCtx, req.params.token);
    },
  );

  app.post(
    '/api/v1/invitations/:token/accept',
    {
      schema: { tags, params: ZInvitationTokenParams, body: ZAcceptInvitationRequest.default({}), response: { 200: ZAcceptInvitationResponse } },
      config: { public: true, rateLimit },
    },
    async (req, reply) => acceptInvitation(req.baseCtx, reply, req.params.token, req.body, req.cookies),
  );
}
