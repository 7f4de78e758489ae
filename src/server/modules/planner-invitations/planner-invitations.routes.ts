import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import {
  ZCreatePlannerInvitationRequest,
  ZPlannerInvitation,
  ZPlannerInvitationListQuery,
  ZPlannerInvitationPage,
} from '../../../core/planner-invitations.schemas.ts';
import { cancelPlannerInvitation } from './cancel-planner-invitation.ts';
import { createPlannerInvitation } from './create-planner-invitation.ts';
import { listPlannerInvitations } from './list-planner-invitations.ts';
import { resendPlannerInvitation } from './resend-planner-invitation.ts';

/** Invite a Loved One: the planner's invitations to become their client (core/planner-invitations.schemas.ts). */
export async function plannerInvitationsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['legacy planner'];
  const BASE = '/api/v1/planner/invitations';

  app.post(
    BASE,
    { schema: { tags, body: ZCreatePlannerInvitationRequest, response: { 201: ZPlannerInvitation } }, config: { permission: 'create:loved-one:own' } },
    async (req, reply) => reply.code(201).send(await createPlannerInvitation(req.ctx, req.body)),
  );
  app.get(
    BASE,
    { schema: { tags, querystring: ZPlannerInvitationListQuery, response: { 200: ZPlannerInvitationPage } }, config: { permission: 'read:loved-one:own' } },
    async (req) => listPlannerInvitations(req.ctx, req.query),
  );
  app.post(
    `${BASE}/:id/resend`,
    { schema: { tags, params: ZIdParams, response: { 200: ZPlannerInvitation } }, config: { permission: 'update:loved-one:own' } },
    async (req) => resendPlannerInvitation(req.ctx, req.params.id),
  );
  app.post(
    `${BASE}/:id/cancel`,
    { schema: { tags, params: ZIdParams, response: { 200: ZPlannerInvitation } }, config: { permission: 'delete:loved-one:own' } },
    async (req) => cancelPlannerInvitation(req.ctx, req.params.id),
  );
}
