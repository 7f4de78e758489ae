import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdministratorCandidates,
  ZAdministratorCandidatesQuery,
  ZAssignAdministratorRequest,
  ZInviteEstateOwnerRequest,
  ZPlatformEstate,
  ZPlatformEstateListQuery,
  ZPlatformEstatePage,
} from '../../../core/admin-estates.schemas.ts';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { assignAdministrator, listAdministratorCandidates } from './assign-administrator.ts';
import { inviteEstateOwner } from './invite-estate-owner.ts';
import { listEstates } from './list-estates.ts';

/**
 * Estates (/admin/estates): list, Add Estate, Manage (assign the estate administrator). Admin-only
 * permissions: estate administrators hold read/update:estate:any for the estates in their care,
 * so the platform-wide list and Manage declare manage:estate:any (core/admin-estates.schemas.ts).
 */
export async function adminEstatesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const BASE = '/api/v1/admin/estates';

  app.get(
    BASE,
    {
      schema: {
        tags,
        querystring: ZPlatformEstateListQuery,
        response: { 200: ZPlatformEstatePage },
      },
      config: { permission: 'manage:estate:any' },
    },
    async (req) => listEstates(req.ctx, req.query),
  );
  app.post(
    BASE,
    {
      schema: {
        tags,
        body: ZInviteEstateOwnerRequest,
        response: { 201: ZPlatformEstate },
      },
      config: { permission: 'create:estate:any' },
    },
    async (req, reply) => reply.code(201).send(await inviteEstateOwner(req.ctx, req.body)),
  );
  app.put(
    `${BASE}/:id/administrator`,
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZAssignAdministratorRequest,
        response: { 200: ZPlatformEstate },
      },
      config: { permission: 'manage:estate:any' },
    },
    async (req) => assignAdministrator(req.ctx, req.params.id, req.body.userId),
  );
  app.get(
    '/api/v1/admin/estate-administrators',
    {
      schema: {
        tags,
        querystring: ZAdministratorCandidatesQuery,
        response: { 200: ZAdministratorCandidates },
      },
      config: { permission: 'manage:estate:any' },
    },
    async (req) => listAdministratorCandidates(req.ctx, req.query),
  );
}
