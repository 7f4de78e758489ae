import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TSessionUser } from '../../../core/auth.schemas.ts';
import { personaFor } from '../../../core/personas.ts';
import type { Role } from '../../../core/roles.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit, auditedSessionId } from '../../lib/audit.ts';
import { sessionUser, startSession } from '../../identity/sessions.ts';

/**
 * Demo mode only: sign in as the persona's seeded demo user (landing page "View Dashboard"). A
 * visitor signed in to a real (non-demo) account is never switched into a demo one: 409, and their
 * session stays (they sign out first to explore the demo).
 */
export async function demoSignIn(
  ctx: BaseCtx,
  reply: FastifyReply,
  persona: Role,
  previousToken: string | undefined,
): Promise<TSessionUser> {
  if (!ctx.config.demoMode) throw notFound('Demo mode');
  if (ctx.actor) {
    const [current] = await ctx.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, ctx.actor.userId));
    if (current && !current.isDemo) {
      throw new AppError(ERROR_CODES.conflict, 409, `You are signed in as ${ctx.actor.name}. Sign out first to explore the demo personas.`);
    }
  }
  const { email } = personaFor(persona).sampleUser;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || !user.isDemo) {
    throw new AppError('DEMO_NOT_SEEDED', 404, 'The demo data is not loaded. Run `npm run seed` and try again.');
  }
  const { sessionId } = await startSession(ctx, reply, user.id, ctx.meta, previousToken);
  await audit(ctx, { action: 'auth.demo_sign_in', actorUserId: user.id, targetType: 'session', targetId: auditedSessionId(sessionId) });
  return sessionUser(ctx, user.id);
}
