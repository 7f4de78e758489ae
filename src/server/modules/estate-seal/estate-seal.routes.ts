import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZConfirmKitStoredRequest, ZCreateSealRequest, ZEstateSeal, ZGiveKitRequest, ZHeldKit, ZHeldKits, ZKitIdParams } from '../../../core/estate-seal.schemas.ts';
import { giveKit } from './give-kit.ts';
import { downloadCapsule } from './download-capsule.ts';
import { RESEAL_PARTS_MAX, ZEstateIdParams, ZSealedItemParts } from '../../../core/estate-seal.schemas.ts';
import { listSealedParts, reseal } from './reseal.ts';
import { createEstateSeal } from './create-estate-seal.ts';
import { getEstateSeal } from './get-estate-seal.ts';
import { removeEstateSeal } from './remove-estate-seal.ts';
import { confirmKitStored, listHeldKits } from './held-kits.ts';

export async function estateSealRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['estate-seal'];
  app.get('/api/v1/estate-seal', { schema: { tags, response: { 200: ZEstateSeal } }, config: { permission: 'read:estate:own' } }, async (req) => getEstateSeal(req.ctx));
  app.post(
    '/api/v1/estate-seal',
    { schema: { tags, body: ZCreateSealRequest, response: { 200: ZEstateSeal } }, config: { permission: 'update:estate:own' } },
    async (req) => createEstateSeal(req.ctx, req.body),
  );
  app.get('/api/v1/estate-seal/items', { schema: { tags, response: { 200: ZSealedItemParts } }, config: { permission: 'read:estate:own' } }, async (req) => listSealedParts(req.ctx));
  app.post(
    '/api/v1/estate-seal/reseal',
    {
      schema: {
        tags,
        summary: 'Re-seal (multipart: the "request" field, then every sealed part, sealed again, named "<itemType>:<itemId>:<part>")',
        consumes: ['multipart/form-data'],
        response: { 200: ZEstateSeal },
      },
      config: { permission: 'update:estate:own' },
    },
    async (req) => reseal(req.ctx, req.parts({ limits: { files: RESEAL_PARTS_MAX } })),
  );
  app.delete('/api/v1/estate-seal', { schema: { tags, response: { 200: ZEstateSeal } }, config: { permission: 'update:estate:own' } }, async (req) => removeEstateSeal(req.ctx));
  // The Legacy Capsule: the owner, a kit holder, or after activation a beneficiary (the service decides).
  app.get(
    '/api/v1/capsules/:estateId',
    { schema: { tags, params: ZEstateIdParams }, config: { permission: 'read:account:own' } },
    async (req, reply) => downloadCapsule(req.ctx, req.params.estateId, reply),
  );
  // A trustee's kits: any signed-in user; the service shows only the kits they hold.
  app.get('/api/v1/trustee/kits', { schema: { tags, response: { 200: ZHeldKits } }, config: { permission: 'read:account:own' } }, async (req) => listHeldKits(req.ctx));
  app.post(
    '/api/v1/trustee/kits/:kitId/stored',
    { schema: { tags, params: ZKitIdParams, body: ZConfirmKitStoredRequest, response: { 200: ZHeldKit } }, config: { permission: 'update:account:own' } },
    async (req) => confirmKitStored(req.ctx, req.params.kitId, req.body.checkGroup),
  );
  app.post(
    '/api/v1/trustee/kits/:kitId/give',
    { schema: { tags, params: ZKitIdParams, body: ZGiveKitRequest, response: { 200: ZHeldKit } }, config: { permission: 'update:account:own' } },
    async (req) => giveKit(req.ctx, req.params.kitId, req.body.kit),
  );
}
