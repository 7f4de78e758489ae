import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBeneficiarySettings, ZUpdateBeneficiarySettingsRequest } from '../../../core/beneficiary-settings.schemas.ts';
import { getBeneficiarySettings } from './get-beneficiary-settings.ts';
import { updateBeneficiarySettings } from './update-beneficiary-settings.ts';

/** The beneficiary's Account Settings (profile, toggles, notification method and frequency). */
export async function beneficiarySettingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['beneficiary-settings'];
  app.get(
    '/api/v1/beneficiary-settings',
    { schema: { tags, response: { 200: ZBeneficiarySettings } }, config: { permission: 'read:account:own' } },
    async (req) => getBeneficiarySettings(req.ctx),
  );
  app.patch(
    '/api/v1/beneficiary-settings',
    { schema: { tags, body: ZUpdateBeneficiarySettingsRequest, response: { 200: ZBeneficiarySettings } }, config: { permission: 'update:account:own' } },
    async (req) => updateBeneficiarySettings(req.ctx, req.body),
  );
}
