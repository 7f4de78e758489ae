import { eq, sql } from 'drizzle-orm';
import type { BaseCtx } from '../context.ts';
import { users } from '../db/schema/users.ts';
import { audit } from '../lib/audit.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { accountLockedMail } from '../mail/templates/account-locked.ts';
import { raiseAdminAlert } from '../notices/raise-admin-alert.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';

type UserRow = typeof users.$inferSelect;

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
