import { and, eq, sql } from 'drizzle-orm';
import type { TResetPasswordRequest } from '../../../core/account-links.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { passwordWasResetMail } from '../../mail/templates/password-was-reset.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { claimLink, expireLinks, linkNotValid } from '../../links/emailed-links.ts';

/**
 * Follow a reset link with a new password (the sign-up rules, checked by the schema). The link is
 * used up in a guarded UPDATE — of two parallel uses exactly one succeeds — and only works for an
 * active account. The new password ends every session of the user, clears a lock-out, marks the
 * address verified (the link proved the mailbox), and the user is told by email. It does not sign
 * in: the user signs in with the new password (and their second factor, if on).
 */
export async function resetPassword(ctx: BaseCtx, input: TResetPasswordRequest): Promise<{ ok: true }> {
  const passwordHash = await hashPassword(input.password);
  const { systemName } = await getSystemSettings(ctx.db);
  await inMailTransaction(ctx, async (tx) => {
    const link = await claimLink(tx, input.token, ['password-reset']);
    const now = tx.clock.now();
    const [user] = await tx.db
      .update(users)
      .set({
        passwordHash,
        failedSignIns: 0,
        firstFailedSignInAt: null,
        lockedUntil: null,
        emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${now})`,
        updatedAt: now,
      })
      .where(and(eq(users.id, link.userId), eq(users.status, 'active')))
      .returning();
    // A suspended account's link opens nothing (the transaction rolls back, the link stays unused).
    if (!user || (user.isDemo && !tx.config.demoMode)) throw linkNotValid('password-reset');
    // Any other live reset link of the user stops working once the password was set.
    await expireLinks(tx, { userId: user.id }, 'password-reset');
    const ended = await tx.db.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    await audit(tx, {
      action: 'auth.password_reset',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { sessionsEnded: ended.length, lockCleared: true },
    });
    await tx.mailer.send(
      { to: user.email, ...passwordWasResetMail({ systemName, name: user.name, at: now, sessionsEnded: ended.length }) },
      { db: tx.db },
    );
  });
  return { ok: true };
}
