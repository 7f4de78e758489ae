import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZOkResponse } from '../../../core/common.schemas.ts';
import {
  ZAddPlannerRequest,
  ZAvailablePlanners,
  ZInviteSupportMemberRequest,
  ZSupportMember,
  ZSupportTeam,
} from '../../../core/support-team.schemas.ts';
import { addPlanner } from './add-planner.ts';
import { inviteSupportMember } from './invite-support-member.ts';
import { listAvailablePlanners } from './list-available-planners.ts';
import { listSupportTeam } from './list-support-team.ts';
import { removeSupportMember } from './remove-support-member.ts';
import { resendMemberInvitation } from './resend-member-invitation.ts';

export async function supportTeamRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['support-team'];

  app.get(
    '/api/v1/support-team',
    { schema: { tags, response: { 200: ZSupportTeam } }, config: { permission: 'read:support-team:own' } },
    async (req) => listSupportTeam(req.ctx),
  );
  app.post(
    '/api/v1/support-team',
    { schema: { tags, body: ZInviteSupportMemberRequest, response: { 201: ZSupportMember } }, config: { permission: 'create:support-team:own' } },
    async (req, reply) => reply.code(201).send(await inviteSupportMember(req.ctx, req.body)),
  );
  app.get(
    '/api/v1/support-team/available-planners',
    { schema: { tags, response: { 200: ZAvailablePlanners } }, config: { permission: 'read:support-team:own' } },
    async (req) => listAvailablePlanners(req.ctx),
  );
  app.post(
    '/api/v1/support-team/planners',
    { schema: { tags, body: ZAddPlannerRequest, response: { 201: ZSupportMember } }, config: { permission: 'create:support-team:own' } },
    async (req, reply) => reply.code(201).send(await addPlanner(req.ctx, req.body.plannerId)),
  );
  app.post(
    '/api/v1/support-team/:id/invitation',
    { schema: { tags, params: ZIdParams, response: { 200: ZSupportMember } }, config: { permission: 'update:support-team:own' } },
    async (req) => resendMemberInvitation(req.ctx, req.params.id),
  );
  app.delete(
    '/api/v1/support-team/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZOkResponse } }, config: { permission: 'delete:support-team:own' } },
    async (req) => {
      await removeSupportMember(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
