import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '../../../core/common.schemas.ts';
import { ZIncapacitySettings, ZIncapacityState, ZSetIncapacityGrants } from '../../../core/incapacity.schemas.ts';
import { endIncapacityFor, endOwnIncapacity, getIncapacityState } from './end-incapacity.ts';
import { getIncapacitySettings, setIncapacityGrants } from '../../settings/incapacity-settings.ts';

const ZEstateParams = z.object({ estateId: zId }).strict();

/** Incapacity mode (ADR 0048): the owner's choices and "I'm back"; a trustee's or estate administrator's end. */
export async function incapacityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['incapacity'];

  app.get('/api/v1/incapacity', { schema: { tags, response: { 200: ZIncapacitySettings } }, config: { permission: 'read:estate:own' } }, async (req) =>
    getIncapacitySettings(req.ctx),
  );
  app.put(
    '/api/v1/incapacity/grants',
    { schema: { tags, body: ZSetIncapacityGrants, response: { 200: ZIncapacitySettings } }, config: { permission: 'update:estate:own' } },
    async (req) => setIncapacityGrants(req.ctx, req.body),
  );
  app.post(
    '/api/v1/incapacity/end',
    { schema: { tags, summary: "The owner confirms \"I'm back\"", response: { 200: ZIncapacitySettings } }, config: { permission: 'update:estate:own' } },
    async (req) => endOwnIncapacity(req.ctx),
  );
  // Trustees (beneficiaries or support-team members) and estate administrators all hold
  // create:verification:own (they may report); the service admits only a trustee or an administrator.
  app.get(
    '/api/v1/estates/:estateId/incapacity',
    { schema: { tags, params: ZEstateParams, response: { 200: ZIncapacityState } }, config: { permission: 'create:verification:own' } },
    async (req) => getIncapacityState(req.ctx, req.params.estateId),
  );
  app.post(
    '/api/v1/estates/:estateId/incapacity/end',
    { schema: { tags, params: ZEstateParams, response: { 200: ZIncapacityState } }, config: { permission: 'create:verification:own' } },
    async (req) => endIncapacityFor(req.ctx, req.params.estateId),
  );
}
