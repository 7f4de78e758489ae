import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZConfirmIdentityRequest, ZConfirmIdentityStatus } from '../../../core/confirm-identity.schemas.ts';
import { confirmIdentity, getConfirmationStatus } from '../../identity/confirm-identity.ts';

/** Passwords and codes are guessed one try at a time: a few tries a minute per account, wherever they come from. */
const rateLimit = { max: 10, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: (req: { actor: { userId: string } | null; ip: string }) => `confirm:${req.actor?.userId ?? req.ip}` };

/** "Confirm it's you" for sensitive actions (reveal a secret, export secrets, delete the account). */
export async function confirmIdentityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['security'];
  app.get(
    '/api/v1/session/confirm',
    { schema: { tags, summary: 'Whether this session recently confirmed it is the user, and what a confirmation asks for', response: { 200: ZConfirmIdentityStatus } }, config: { permission: 'read:account:own' } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getConfirmationStatus(req.ctx);
    },
  );
  app.post(
    '/api/v1/session/confirm',
    {
      schema: { tags, summary: "Confirm it's you: the password, or a two-factor code when it is on (wrong ones count towards the lock-out)", body: ZConfirmIdentityRequest, response: { 200: ZConfirmIdentityStatus } },
      config: { permission: 'update:account:own', rateLimit },
    },
    async (req) => {
      await confirmIdentity(req.ctx, req.body);
      return getConfirmationStatus(req.ctx);
    },
  );
}
