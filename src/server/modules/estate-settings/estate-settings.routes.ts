import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEstateSettings, ZEstateSettingsRequest } from '../../../core/settings.schemas.ts';
import { getEstateSettings } from './get-estate-settings.ts';
import { updateEstateSettings } from './update-estate-settings.ts';

export async function estateSettingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['estate'];
  app.get(
    '/api/v1/estate/settings',
    { schema: { tags, response: { 200: ZEstateSettings } }, config: { permission: 'read:estate:own' } },
    async (req) => getEstateSettings(req.ctx),
  );
  app.put(
    '/api/v1/estate/settings',
    { schema: { tags, body: ZEstateSettingsRequest, response: { 200: ZEstateSettings } }, config: { permission: 'update:estate:own' } },
    async (req) => updateEstateSettings(req.ctx, req.body),
  );
}
