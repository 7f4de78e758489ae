import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGeneralSettings } from '../../../core/system-settings.schemas.ts';
import { getGeneralSettings } from './get-general-settings.ts';
import { updateGeneralSettings } from './update-general-settings.ts';

/** Settings (/admin/settings): system name and default time zone (core/system-settings.schemas.ts). */
export async function adminSettingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  app.get(
    '/api/v1/admin/settings/general',
    { schema: { tags, response: { 200: ZGeneralSettings } }, config: { permission: 'read:system-settings:any' } },
    async (req) => getGeneralSettings(req.ctx),
  );
  app.put(
    '/api/v1/admin/settings/general',
    { schema: { tags, body: ZGeneralSettings, response: { 200: ZGeneralSettings } }, config: { permission: 'update:system-settings:any' } },
    async (req) => updateGeneralSettings(req.ctx, req.body),
  );
}
