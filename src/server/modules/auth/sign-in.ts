import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TSessionUser, TSignInRequest } from '../../../core/auth.schemas.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { recordSignInDevice } from '../security/login-alert.ts';
import { getSystemSettings } from '../system-settings/get-system-settings.ts';
import { verifySecondFactor } from './second-factor.ts';
import { sessionUser, startSession } from './sessions.ts';

const invalid = () => new AppError(ERROR_CODES.invalidCredentials, 401, 'That email and password do not match an account.');

/**
 * Sign in with email + password (+ a second factor when on). Repeated failures lock the account
 * for the policy's lock period; every outcome is audit-logged.
 */
export async function signIn(
  ctx: BaseCtx,
  reply: FastifyReply,
  input: TSignInRequest,
  previousToken: string | undefined,
): Promise<TSessionUser> {
  const now = ctx.clock.now();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  if (!user) {
    await verifyPassword(null, input.password);
    await audit(ctx, { action: 'auth.sign_in_failed', actorUserId: null, details: { reason: 'unknown_account' } });
    throw invalid();
  }

  if (user.lockedUntil && user.lockedUntil > now) {
    await audit(ctx, { action: 'auth.sign_in_refused_locked', actorUserId: user.id });
    throw lockedError(user.lockedUntil, now);
  }

  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (!passwordOk) {
    await recordFailure(ctx, user, 'bad_password');
    throw invalid();
  }

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

  await ctx.db
    .update(users)
    .set({ failedSignIns: 0, firstFailedSignInAt: null, lockedUntil: null })
    .where(eq(users.id, user.id));
  const { sessionId } = await startSession(ctx, reply, user.id, ctx.meta, previousToken);
  await audit(ctx, { action: 'auth.sign_in', actorUserId: user.id, targetType: 'session', targetId: sessionId.slice(0, 12) });
  await recordSignInDevice(ctx, user);
  return sessionUser(ctx, user.id);
}

function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(
    ERROR_CODES.locked,
    423,
    `Too many failed sign-in attempts. This account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

async function recordFailure(ctx: BaseCtx, user: typeof users.$inferSelect, reason: string): Promise<void> {
  const now = ctx.clock.now();
  const { lockout } = await getSystemSettings(ctx.db);
  const windowStart = now.getTime() - lockout.windowMinutes * 60_000;
  const inWindow = user.firstFailedSignInAt && user.firstFailedSignInAt.getTime() >= windowStart;
  const failures = inWindow ? user.failedSignIns + 1 : 1;
  const lockedUntil = failures >= lockout.maxFailures ? new Date(now.getTime() + lockout.lockMinutes * 60_000) : null;
  await ctx.db
    .update(users)
    .set({
      failedSignIns: lockedUntil ? 0 : failures,
      firstFailedSignInAt: lockedUntil ? null : inWindow ? user.firstFailedSignInAt : now,
      lockedUntil,
    })
    .where(eq(users.id, user.id));
  await audit(ctx, { action: 'auth.sign_in_failed', actorUserId: user.id, details: { reason, failures } });
  if (lockedUntil) {
    await audit(ctx, { action: 'auth.account_locked', actorUserId: user.id, details: { until: lockedUntil.toISOString() } });
  }
}
