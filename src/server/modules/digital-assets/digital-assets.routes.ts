import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { SECRET_REVEAL_LIMIT } from '../../../core/constants.ts';
import {
  ZCreateDigitalAssetRequest,
  ZDigitalAsset,
  ZDigitalAssetList,
  ZDigitalAssetListQuery,
  ZRevealedSecrets,
  ZUpdateDigitalAssetRequest,
} from '../../../core/digital-assets.schemas.ts';
import { createDigitalAsset } from './create-digital-asset.ts';
import { deleteDigitalAsset } from './delete-digital-asset.ts';
import { listDigitalAssets } from './list-digital-assets.ts';
import { getSealedSecrets, revealDigitalAssetSecrets } from './reveal-digital-asset-secrets.ts';
import { ZSealedPart } from '../../../core/estate-seal.schemas.ts';
import { updateDigitalAsset } from './update-digital-asset.ts';

export async function digitalAssetsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['digital-assets'];

  app.get(
    '/api/v1/digital-assets',
    { schema: { tags, querystring: ZDigitalAssetListQuery, response: { 200: ZDigitalAssetList } }, config: { permission: 'read:digital-asset:own' } },
    async (req) => listDigitalAssets(req.ctx, req.query),
  );
  app.post(
    '/api/v1/digital-assets',
    { schema: { tags, body: ZCreateDigitalAssetRequest, response: { 201: ZDigitalAsset } }, config: { permission: 'create:digital-asset:own' } },
    async (req, reply) => reply.code(201).send(await createDigitalAsset(req.ctx, req.body)),
  );
  app.patch(
    '/api/v1/digital-assets/:id',
    { schema: { tags, params: ZIdParams, body: ZUpdateDigitalAssetRequest, response: { 200: ZDigitalAsset } }, config: { permission: 'update:digital-asset:own' } },
    async (req) => updateDigitalAsset(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/api/v1/digital-assets/:id',
    { schema: { tags, params: ZIdParams }, config: { permission: 'delete:digital-asset:own' } },
    async (req, reply) => {
      await deleteDigitalAsset(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/api/v1/digital-assets/:id/sealed',
    { schema: { tags, params: ZIdParams, summary: 'Sealed secrets as sealed (the owner opens them with the Owner Kit)', response: { 200: ZSealedPart } }, config: { permission: 'read:digital-asset:own' } },
    async (req) => getSealedSecrets(req.ctx, req.params.id),
  );
  app.post(
    '/api/v1/digital-assets/:id/reveal',
    {
      schema: { tags, params: ZIdParams, summary: 'Reveal the stored secrets (audit-logged)', response: { 200: ZRevealedSecrets } },
      config: {
        permission: 'manage:digital-asset:own',
        // per account, whatever address the requests come from (hooked after the session is known)
        rateLimit: {
          max: SECRET_REVEAL_LIMIT.max,
          timeWindow: SECRET_REVEAL_LIMIT.windowMinutes * 60_000,
          hook: 'preHandler',
          keyGenerator: (req) => `reveal:${req.actor?.userId ?? req.ip}`,
        },
      },
    },
    async (req) => revealDigitalAssetSecrets(req.ctx, req.params.id),
  );
}
