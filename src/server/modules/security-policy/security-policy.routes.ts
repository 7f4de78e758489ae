import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSecurityPolicy, ZSecurityPolicyView } from '../../../core/security-policy.schemas.ts';
import { getSecurityPolicy } from './get-security-policy.ts';
import { updateSecurityPolicy } from './update-security-policy.ts';

export async function securityPolicyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  app.get(
    '/api/v1/admin/security-policy',
    { schema: { tags, response: { 200: ZSecurityPolicyView } }, config: { permission: 'read:system-settings:any' } },
    async (req) => getSecurityPolicy(req.ctx),
  );
  app.put(
    '/api/v1/admin/security-policy',
    {
      schema: { tags, summary: 'Require two-factor, session timeout, lock-out (audit-logged old → new)', body: ZSecurityPolicy, response: { 200: ZSecurityPolicyView } },
      config: { permission: 'update:system-settings:any' },
    },
    async (req) => updateSecurityPolicy(req.ctx, req.body),
  );
}
