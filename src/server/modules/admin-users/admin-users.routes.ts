import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZInviteUserRequest, ZPlatformUser, ZPlatformUserListQuery, ZPlatformUserPage, ZUpdateUserRequest } from '../../../core/admin-users.schemas.ts';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { inviteUser } from '../../invitations/invite-user.ts';
import { listUsers } from './list-users.ts';
import { resetTwoFactor } from './reset-two-factor.ts';
import { updateUser } from './update-user.ts';

/** Users (/admin/users): the platform's accounts, Add User, Edit, Reset two-factor (core/admin-users.schemas.ts). */
export async function adminUsersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const BASE = '/api/v1/admin/users';

  app.get(
    BASE,
    {
      schema: {
        tags,
        querystring: ZPlatformUserListQuery,
        response: { 200: ZPlatformUserPage },
      },
      config: { permission: 'read:user:any' },
    },
    async (req) => listUsers(req.ctx, req.query),
  );
  app.post(
    BASE,
    {
      schema: {
        tags,
        body: ZInviteUserRequest,
        response: { 201: ZPlatformUser },
      },
      config: { permission: 'create:user:any' },
    },
    async (req, reply) => reply.code(201).send(await inviteUser(req.ctx, req.body)),
  );
  app.patch(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZPlatformUser },
      },
      config: { permission: 'update:user:any' },
    },
    async (req) => updateUser(req.ctx, req.params.id, req.body),
  );
  app.post(
    `${BASE}/:id/reset-two-factor`,
    {
      schema: { tags, params: ZIdParams, response: { 200: ZPlatformUser } },
      config: { permission: 'update:user:any' },
    },
    async (req) => resetTwoFactor(req.ctx, req.params.id),
  );
}
