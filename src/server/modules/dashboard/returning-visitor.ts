import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { auditLog } from '../../db/schema/system.ts';

/** Audit actions that start a session with a password or a demo persona (sign-in.ts, demo-sign-in.ts). */
const SIGN_INS = ['auth.sign_in', 'auth.demo_sign_in'];
/** The audit action of an account being made, which also starts its first session (sign-up.ts, accept-invitation.ts). */
const SIGN_UP = 'auth.sign_up';

/**
 * Whether the signed-in person has been here before this session (docs/decisions/0040): a sign-in
 * recorded for another session, or — when this session began with a sign-in — the sign-up that
 * made the account (its own first session). A first visit, straight from sign-up, is not returning.
 * Read from the audit log by its actor index; a session appears there as the first 12 characters
 * of its id, as the auth module writes it.
 */
export async function isReturningVisitor(ctx: Ctx): Promise<boolean> {
  const thisSession = ctx.actor.sessionId.slice(0, 12);
  const any = async (where: SQL | undefined) =>
    (await ctx.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.actorUserId, ctx.actor.userId), where)).limit(1)).length > 0;
  if (await any(and(inArray(auditLog.action, SIGN_INS), sql`${auditLog.targetId} is distinct from ${thisSession}`))) return true;
  return (await any(and(inArray(auditLog.action, SIGN_INS), eq(auditLog.targetId, thisSession)))) && (await any(eq(auditLog.action, SIGN_UP)));
}
