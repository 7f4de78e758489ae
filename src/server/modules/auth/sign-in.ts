import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TSessionUser, TSignInRequest } from '../../../core/auth.schemas.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { publish } from '../../events/bus.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { accountLockedMail } from '../../mail/templates/account-locked.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { raiseAdminAlert } from '../../notices/raise-admin-alert.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { verifySecondFactor } from '../../identity/second-factor.ts';
import { sessionUser, startSession } from '../../identity/sessions.ts';

/**
 * The one answer for every refusal before the password is known to be right: an unknown email, a
 * wrong password, a locked account, a demo account outside demo mode. The same status and message
 * (and, through the dummy hash, about the same time) tell an attacker nothing about which it was.
 */
export const INVALID_CREDENTIALS_MESSAGE =
  'That email and password do not match an account, or the account is locked for a while after too many failed attempts.';
const invalid = () => new AppError(ERROR_CODES.invalidCredentials, 401, INVALID_CREDENTIALS_MESSAGE);

type UserRow = typeof users.$inferSelect;

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
    await audit(txCtx, { action: 'auth.sign_in', actorUserId: user.id, targetType: 'session', targetId: sessionId.slice(0, 12) });
    await publish(txCtx, 'session.started', { user });
  });
  const signedIn = { user, outcome: { deletionCancelled: false } };
  await publish(ctx, 'user.signed-in', signedIn);
  return { user: await sessionUser(ctx, user.id), deletionCancelled: signedIn.outcome.deletionCancelled };
}

/**
 * Count one failure in a single UPDATE (the row's current values, not the ones this request read,
 * so N parallel failures count N). Reaching the policy's maximum inside its window locks the
 * account, starts a fresh count, and emails the owner.
 */
export async function recordFailure(ctx: BaseCtx, user: UserRow, reason: string): Promise<void> {
  // The count, the lock, its audit rows, the admins' alert and the owner's mail commit together (ADR 0077).
  await inMailTransaction(ctx, (tx) => countFailure(tx, user, reason));
}

async function countFailure(ctx: BaseCtx, user: UserRow, reason: string): Promise<void> {
  const now = ctx.clock.now();
  const { lockout } = await getSystemSettings(ctx.db);
  const windowStart = new Date(now.getTime() - lockout.windowMinutes * 60_000);
  const until = new Date(now.getTime() + lockout.lockMinutes * 60_000);
  const inWindow = sql`(${users.firstFailedSignInAt} IS NOT NULL AND ${users.firstFailedSignInAt} >= ${windowStart})`;
  const failures = sql`(CASE WHEN ${inWindow} THEN ${users.failedSignIns} + 1 ELSE 1 END)`;
  const locks = sql`(${failures} >= ${lockout.maxFailures})`;
  const [row] = await ctx.db
    .update(users)
    .set({
      failedSignIns: sql`CASE WHEN ${locks} THEN 0 ELSE ${failures} END`,
      firstFailedSignInAt: sql`CASE WHEN ${locks} THEN NULL WHEN ${inWindow} THEN ${users.firstFailedSignInAt} ELSE ${now} END`,
      lockedUntil: sql`CASE WHEN ${locks} THEN ${until} ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, user.id))
    .returning({ failures: users.failedSignIns, lockedUntil: users.lockedUntil });
  const lockedNow = Boolean(row && row.failures === 0 && row.lockedUntil && row.lockedUntil.getTime() === until.getTime());
  await audit(ctx, { action: 'auth.sign_in_failed', actorUserId: user.id, details: { reason, failures: lockedNow ? lockout.maxFailures : (row?.failures ?? 0) } });
  if (!lockedNow) return;
  await audit(ctx, { action: 'auth.account_locked', actorUserId: user.id, details: { until: until.toISOString() } });
  // One alert per lock (its end time is in the key), naming the user but never the address or a password.
  await raiseAdminAlert(ctx, {
    type: 'security',
    message: `${user.name}'s account was locked for ${lockout.lockMinutes} minutes after ${lockout.maxFailures} failed sign-in attempts`,
    dedupeKey: `account-locked:${user.id}:${until.toISOString()}`,
    details: { userId: user.id, failures: lockout.maxFailures, lockedUntil: until.toISOString() },
  });
  const { systemName } = await getSystemSettings(ctx.db);
  await ctx.mailer.send(
    { to: user.email, ...accountLockedMail({ systemName, name: user.name, lockMinutes: lockout.lockMinutes, maxFailures: lockout.maxFailures }) },
    { db: ctx.db, idempotencyKey: `account-locked.${user.id}.${until.getTime()}` },
  );
}
