import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUpdateUserSettingsRequest, ZUserSettings } from '../../../core/settings.schemas.ts';
import { getUserSettings } from './get-user-settings.ts';
import { updateUserSettings } from './update-user-settings.ts';

export async function userSettingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  app.get('/api/v1/settings', { schema: { tags, response: { 200: ZUserSettings } }, config: { permission: 'read:account:own' } }, async (req) =>
    getUserSettings(req.ctx),
  );
  app.patch(
    '/api/v1/settings',
    { schema: { tags, body: ZUpdateUserSettingsRequest, response: { 200: ZUserSettings } }, config: { permission: 'update:account:own' } },
    async (req) => updateUserSettings(req.ctx, req.body),
  );
}
