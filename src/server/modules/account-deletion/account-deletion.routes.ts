import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAccountDeletionScheduled, ZRequestAccountDeletion } from '../../../core/account-deletion.schemas.ts';
import { SESSION_COOKIE } from '../../identity/sessions.ts';
import { requestAccountDeletion } from './request-account-deletion.ts';

/** Passwords and codes are guessed one try at a time: a few tries a minute per account. */
const rateLimit = { max: 10, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: (req: { actor: { userId: string } | null; ip: string }) => `delete-account:${req.actor?.userId ?? req.ip}` };

export async function accountDeletionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/account/deletion',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete my account: after the password (and two-factor code) the estate and account are removed at the end of a 14-day grace period; signing in before cancels it',
        body: ZRequestAccountDeletion,
        response: { 202: ZAccountDeletionScheduled },
      },
      config: { permission: 'delete:estate:own', rateLimit },
    },
    async (req, reply) => {
      const scheduled = await requestAccountDeletion(req.ctx, req.body);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(202).send(scheduled);
    },
  );
}
