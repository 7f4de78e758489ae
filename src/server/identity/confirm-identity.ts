import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { IDENTITY_CONFIRMATION_MINUTES, type TConfirmIdentityRequest, type TConfirmIdentityStatus } from '../../core/confirm-identity.schemas.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import { DEMO_PASSWORD } from '../../core/personas.ts';
import type { Ctx } from '../context.ts';
import { sessions, users } from '../db/schema/users.ts';
import { AppError, badRequest } from '../lib/app-error.ts';
import { audit } from '../lib/audit.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { verifySecondFactor } from './second-factor.ts';
import { recordFailure } from './sign-in-failures.ts';
import { loadActorUser, type UserRow } from './load-user.ts';

/**
 * What a purpose asks for. `recent` (revealing a secret, an export's secrets): the password, or a
 * code when two-factor is on, and the session then counts as confirmed for a few minutes.
 * `all` (deleting the account): the password and, with two-factor on, a code as well, every time.
 */
export type ConfirmationStrength = 'recent' | 'all';

const windowMs = IDENTITY_CONFIRMATION_MINUTES * 60_000;

export const confirmationRequired = () =>
  new AppError(ERROR_CODES.confirmationRequired, 403, "Confirm it's you: enter your password (or your two-factor code) to continue.");

/**
 * "Confirm it's you": checks the re-entered password / code of the signed-in user. A wrong one
 * counts as a failed sign-in (the lock-out policy locks the account after too many) and is
 * audit-logged; while the account is locked nothing is checked. On success the session is marked
 * confirmed now, and the user's failure count starts afresh.
 */
export async function confirmIdentity(ctx: Ctx, input: TConfirmIdentityRequest, strength: ConfirmationStrength = 'recent'): Promise<void> {
  const user = await loadActorUser(ctx);
  const now = ctx.clock.now();
  const twoFactor = Boolean(user.totpEnabledAt);
  const needsPassword = strength === 'all' || !twoFactor;
  const needsCode = twoFactor;

  const missing: Record<string, string> = {};
  if (needsPassword && !input.password) missing.password = 'Enter your password';
  if (needsCode && !input.code) missing.code = 'Enter the 6-digit code from your authenticator app, or a recovery code';
  if (Object.keys(missing).length) throw badRequest(needsCode && !needsPassword ? 'Enter your two-factor code.' : 'Enter your password.', missing);

  if (user.lockedUntil && user.lockedUntil > now) {
    await audit(ctx, { action: 'security.identity_confirm_refused_locked' });
    throw lockedError(user.lockedUntil, now);
  }
  // The password first (when asked for): a wrong one must not use up a valid code.
  if (needsPassword && !(await verifyPassword(user.passwordHash, input.password!))) {
    await failed(ctx, user, 'bad_password');
    throw badRequest('That password is not right.', { password: 'That password is not right' });
  }
  if (needsCode && !(await verifySecondFactor(ctx, user, input.code!))) {
    await failed(ctx, user, 'bad_second_factor');
    throw badRequest('That code is not right. Enter the code your app shows now, or a recovery code.', { code: 'That code is not right' });
  }

  // Like a sign-in: a success clears the failure count, unless a parallel guess locked the account meanwhile.
  const cleared = await ctx.db
    .update(users)
    .set({ failedSignIns: 0, firstFailedSignInAt: null })
    .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ lockedUntil: users.lockedUntil });
  if (!cleared.length) {
    await audit(ctx, { action: 'security.identity_confirm_refused_locked' });
    throw lockedError(null, now);
  }
  await ctx.db.update(sessions).set({ confirmedAt: now }).where(eq(sessions.id, ctx.actor.sessionId));
  await audit(ctx, { action: 'security.identity_confirmed', details: { method: needsPassword && needsCode ? 'password_and_code' : needsCode ? 'code' : 'password', strength } });
}

/** Throws 403 CONFIRMATION_REQUIRED unless this session confirmed the user's identity in the last few minutes. */
export async function requireRecentConfirmation(ctx: Ctx): Promise<void> {
  if (!(await confirmedUntil(ctx))) throw confirmationRequired();
}

export async function getConfirmationStatus(ctx: Ctx): Promise<TConfirmIdentityStatus> {
  const user = await loadActorUser(ctx);
  const until = await confirmedUntil(ctx);
  return {
    twoFactorEnabled: Boolean(user.totpEnabledAt),
    confirmedUntil: until?.toISOString() ?? null,
    demoPasswordHint: user.isDemo && ctx.config.demoMode ? DEMO_PASSWORD : null,
  };
}

async function confirmedUntil(ctx: Ctx): Promise<Date | null> {
  const [row] = await ctx.db.select({ confirmedAt: sessions.confirmedAt }).from(sessions).where(eq(sessions.id, ctx.actor.sessionId));
  if (!row?.confirmedAt) return null;
  const until = new Date(row.confirmedAt.getTime() + windowMs);
  return until > ctx.clock.now() ? until : null;
}

async function failed(ctx: Ctx, user: UserRow, reason: string): Promise<void> {
  await audit(ctx, { action: 'security.identity_confirm_failed', details: { reason } });
  await recordFailure(ctx, user, reason);
}

function lockedError(until: Date | null, now: Date): AppError {
  const minutes = until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)) : null;
  return new AppError(
    ERROR_CODES.locked,
    429,
    `Too many wrong attempts: your account is locked${minutes ? ` for ${minutes} more ${minutes === 1 ? 'minute' : 'minutes'}` : ' for a while'}. Try again later.`,
  );
}
