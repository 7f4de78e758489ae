import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { sessions } from '../../db/schema/users.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { publicSessionId } from './get-access-overview.ts';

/** Sign out one of the actor's other devices. (This device signs out with Sign out.) */
export async function revokeSession(ctx: Ctx, id: string): Promise<void> {
  if (publicSessionId(ctx.actor.sessionId) === id) {
    throw badRequest('This is the device you are using. Use Sign out instead.', { id: 'This device' });
  }
  const deleted = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, ctx.actor.userId), sql`left(${sessions.id}, 16) = ${id}`))
    .returning({ id: sessions.id });
  if (deleted.length === 0) throw notFound('That session');
  await audit(ctx, { action: 'security.session_revoked', targetType: 'session', targetId: id });
}
