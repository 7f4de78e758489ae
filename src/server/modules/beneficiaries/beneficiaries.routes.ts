import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBeneficiary,
  ZBeneficiaryAccessView,
  ZBeneficiaryIdParams,
  ZBeneficiaryList,
  ZBeneficiaryListQuery,
  ZCreateBeneficiaryRequest,
  ZSendBeneficiaryMessageRequest,
  ZUpdateBeneficiaryRequest,
} from '../../../core/beneficiaries.schemas.ts';
import { ZOkResponse } from '../../../core/common.schemas.ts';
import { createBeneficiary } from './create-beneficiary.ts';
import { getBeneficiaryAccess } from '../../views/beneficiary-access.ts';
import { listBeneficiaries } from './list-beneficiaries.ts';
import { ownBeneficiary, toBeneficiary } from '../../views/beneficiary-view.ts';
import { removeBeneficiary } from './remove-beneficiary.ts';
import { resendBeneficiaryInvitation } from './resend-beneficiary-invitation.ts';
import { sendBeneficiaryMessage } from './send-beneficiary-message.ts';
import { updateBeneficiary } from './update-beneficiary.ts';

export async function beneficiariesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['beneficiaries'];
  const params = ZBeneficiaryIdParams;

  app.get(
    '/api/v1/beneficiaries',
    { schema: { tags, querystring: ZBeneficiaryListQuery, response: { 200: ZBeneficiaryList } }, config: { permission: 'read:beneficiary:own' } },
    async (req) => listBeneficiaries(req.ctx, req.query),
  );
  app.post(
    '/api/v1/beneficiaries',
    { schema: { tags, body: ZCreateBeneficiaryRequest, response: { 201: ZBeneficiary } }, config: { permission: 'create:beneficiary:own' } },
    async (req, reply) => reply.code(201).send(await createBeneficiary(req.ctx, req.body)),
  );
  app.get(
    '/api/v1/beneficiaries/:id',
    { schema: { tags, params, response: { 200: ZBeneficiary } }, config: { permission: 'read:beneficiary:own' } },
    async (req) => toBeneficiary(await ownBeneficiary(req.ctx, req.params.id)),
  );
  app.patch(
    '/api/v1/beneficiaries/:id',
    { schema: { tags, params, body: ZUpdateBeneficiaryRequest, response: { 200: ZBeneficiary } }, config: { permission: 'update:beneficiary:own' } },
    async (req) => updateBeneficiary(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/api/v1/beneficiaries/:id',
    { schema: { tags, params, response: { 200: ZOkResponse } }, config: { permission: 'delete:beneficiary:own' } },
    async (req) => {
      await removeBeneficiary(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/v1/beneficiaries/:id/access',
    { schema: { tags, params, response: { 200: ZBeneficiaryAccessView } }, config: { permission: 'read:beneficiary:own' } },
    async (req) => getBeneficiaryAccess(req.ctx, req.params.id),
  );
  app.post(
    '/api/v1/beneficiaries/:id/invitation',
    { schema: { tags, params, response: { 200: ZBeneficiary } }, config: { permission: 'update:beneficiary:own' } },
    async (req) => resendBeneficiaryInvitation(req.ctx, req.params.id),
  );
  app.post(
    '/api/v1/beneficiaries/:id/messages',
    {
      schema: { tags, params, body: ZSendBeneficiaryMessageRequest, response: { 201: z.object({ id: z.string() }) } },
      config: { permission: 'update:beneficiary:own' },
    },
    async (req, reply) => reply.code(201).send(await sendBeneficiaryMessage(req.ctx, req.params.id, req.body)),
  );
}
