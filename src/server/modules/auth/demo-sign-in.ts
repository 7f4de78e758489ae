import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TSessionUser } from '../../../core/auth.schemas.ts';
import { personaFor } from '../../../core/personas.ts';
import type { Role } from '../../../core/roles.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { sessionUser, startSession } from './sessions.ts';

/** Demo mode only: sign in as the persona's seeded demo user (landing page "View Dashboard"). */
export async function demoSignIn(
  ctx: BaseCtx,
  reply: FastifyReply,
  persona: Role,
  previousToken: string | undefined,
): Promise<TSessionUser> {
  if (!ctx.config.demoMode) throw notFound('Demo mode');
  const { email } = personaFor(persona).sampleUser;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || !user.isDemo) {
    throw new AppError('DEMO_NOT_SEEDED', 404, 'The demo data is not loaded. Run `npm run seed` and try again.');
  }
  const { sessionId } = await startSession(ctx, reply, user.id, ctx.meta, previousToken);
  await audit(ctx, { action: 'auth.demo_sign_in', actorUserId: user.id, targetType: 'session', targetId: sessionId.slice(0, 12) });
  return sessionUser(ctx, user.id);
}
