import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAcceptInvitationBody, ZAcceptInvitationResponse, ZInvitationInfo, ZOpenInvitationRequest } from '../../../core/invitations.schemas.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { getInvitation } from './get-invitation.ts';

const rateLimit = { max: 30, timeWindow: '1 minute' };

export async function invitationsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];

  // The token travels in the body, never the path (ADR 0095): reading an invitation is a POST that changes nothing.
  app.post(
    '/api/v1/invitations/open',
    { schema: { tags, body: ZOpenInvitationRequest, response: { 200: ZInvitationInfo } }, config: { public: true, rateLimit } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getInvitation(req.baseCtx, req.body.token);
    },
  );

  app.post(
    '/api/v1/invitations/accept',
    { schema: { tags, body: ZAcceptInvitationBody, response: { 200: ZAcceptInvitationResponse } }, config: { public: true, rateLimit } },
    async (req, reply) => {
      const { token, ...body } = req.body;
      return acceptInvitation(req.baseCtx, reply, token, body, req.cookies);
    },
  );
}
