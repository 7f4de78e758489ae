import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TSessionUser, TSignInRequest } from '../../../core/auth.schemas.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { publish } from '../../events/bus.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit, auditedSessionId } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { verifySecondFactor } from '../../identity/second-factor.ts';
import { recordFailure } from '../../identity/sign-in-failures.ts';
import { sessionUser, startSession } from '../../identity/sessions.ts';

/**
 * The one answer for every refusal before the password is known to be right: an unknown email, a
 * wrong password, a locked account, a demo account outside demo mode. The same status and message
 * (and, through the dummy hash, about the same time) tell an attacker nothing about which it was.
 */
export const INVALID_CREDENTIALS_MESSAGE =
  'That email and password do not match an account, or the account is locked for a while after too many failed attempts.';
const invalid = () => new AppError(ERROR_CODES.invalidCredentials, 401, INVALID_CREDENTIALS_MESSAGE);

/**
 * Sign in with email + password (+ a second factor when on); a pending account deletion is
 * cancelled (`deletionCancelled`). Repeated failures lock the account
 * for the policy's lock period (counted atomically, so parallel guesses count every one); every
 * outcome is audit-logged.
 */
export async function signIn(
  ctx: BaseCtx,
  reply: FastifyReply,
  input: TSignInRequest,
  previousToken: string | undefined,
): Promise<{ user: TSessionUser; deletionCancelled: boolean }> {
  const now = ctx.clock.now();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  // The hash is always checked (a dummy one for an unknown account) before anything is decided.
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user) {
    await audit(ctx, { action: 'auth.sign_in_failed', actorUserId: null, details: { reason: 'unknown_account' } });
    throw invalid();
  }
  if (user.isDemo && !ctx.config.demoMode) {
    await audit(ctx, { action: 'auth.sign_in_refused_demo', actorUserId: user.id });
    throw invalid();
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    await audit(ctx, { action: 'auth.sign_in_refused_locked', actorUserId: user.id });
    throw invalid();
  }
  if (!passwordOk) {
    await recordFailure(ctx, user, 'bad_password');
    throw invalid();
  }

  // An account being removed by the deletion job is as good as gone.
  if (user.status === 'deleting') throw invalid();
  if (user.status !== 'active') {
    await audit(ctx, { action: 'auth.sign_in_refused_status', actorUserId: user.id, details: { status: user.status } });
    throw new AppError(ERROR_CODES.forbidden, 403, 'This account is suspended. Contact the platform administrator.');
  }

  if (user.totpEnabledAt) {
    if (!input.code) {
      throw new AppError(ERROR_CODES.twoFactorRequired, 401, 'Enter the 6-digit code from your authenticator app.');
    }
    if (!(await verifySecondFactor(ctx, user, input.code))) {
      await recordFailure(ctx, user, 'bad_second_factor');
      throw new AppError(ERROR_CODES.invalidCredentials, 401, 'That code is not right. Check your authenticator app and try again.');
    }
  }

  // Clears the failure count only if no lock landed meanwhile (parallel guesses may have set one
  // after this request read the row): a locked account is refused even with the right password.
  const cleared = await ctx.db
    .update(users)
    .set({ failedSignIns: 0, firstFailedSignInAt: null, lockedUntil: null })
    .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  if (!cleared.length) {
    await audit(ctx, { action: 'auth.sign_in_refused_locked', actorUserId: user.id });
    throw invalid();
  }
  await inMailTransaction(ctx, async (txCtx) => {
    const { sessionId } = await startSession(txCtx, reply, user.id, ctx.meta, previousToken);
    await audit(txCtx, { action: 'auth.sign_in', actorUserId: user.id, targetType: 'session', targetId: auditedSessionId(sessionId) });
    await publish(txCtx, 'session.started', { user });
  });
  const signedIn = { user, outcome: { deletionCancelled: false } };
  await publish(ctx, 'user.signed-in', signedIn);
  return { user: await sessionUser(ctx, user.id), deletionCancelled: signedIn.outcome.deletionCancelled };
}
