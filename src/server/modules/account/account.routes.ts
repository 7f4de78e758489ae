import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAccount, ZUpdateAccountRequest } from '../../../core/account.schemas.ts';
import { getAccount } from './get-account.ts';
import { updateAccount } from './update-account.ts';

export async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  app.get('/api/v1/account', { schema: { tags, response: { 200: ZAccount } }, config: { permission: 'read:account:own', allowBeforeTwoFactor: true } }, async (req) =>
    getAccount(req.ctx),
  );
  app.patch(
    '/api/v1/account',
    { schema: { tags, body: ZUpdateAccountRequest, response: { 200: ZAccount } }, config: { permission: 'update:account:own' } },
    async (req) => updateAccount(req.ctx, req.body),
  );
}
