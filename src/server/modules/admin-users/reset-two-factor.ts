import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { TPlatformUser } from '../../../core/admin-users.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { twoFactorResetMail } from '../../mail/templates/two-factor-reset.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { getPlatformUser } from '../../views/user-view.ts';

/**
 * Reset two-factor (a user lost their authenticator): the TOTP secret, any pending secret and the
 * recovery codes are cleared, the reset is audit-logged, and the user is emailed that it happened
 * and asked to set it up again. Nothing to reset is a 409, not a silent success.
 */
export async function resetTwoFactor(ctx: Ctx, id: string): Promise<TPlatformUser> {
  const now = ctx.clock.now();
  // With its audit row and the mail to the user, in one transaction (ADR 0077).
  await inMailTransaction(ctx, async (tx) => {
    // One guarded UPDATE: of two parallel resets, one resets and the other is told there is nothing left.
    const [user] = await tx.db
      .update(users)
      .set({
        totpSecretEnc: null,
        totpPendingSecretEnc: null,
        totpEnabledAt: null,
        totpLastStep: null,
        recoveryCodeHashes: [],
        updatedAt: now,
      })
      .where(
        and(
          eq(users.id, id),
          or(isNotNull(users.totpEnabledAt), isNotNull(users.totpPendingSecretEnc), sql`jsonb_array_length(${users.recoveryCodeHashes}) > 0`),
        ),
      )
      .returning({ name: users.name, email: users.email });
    if (!user) {
      const [found] = await tx.db.select({ name: users.name }).from(users).where(eq(users.id, id));
      if (!found) throw notFound('That user');
      throw conflict(`${found.name} has not set up two-factor authentication, so there is nothing to reset.`);
    }
    await audit(tx, {
      action: 'admin.two_factor_reset',
      estateId: null,
      targetType: 'user',
      targetId: id,
    });
    const { systemName } = await getSystemSettings(tx.db);
    await tx.mailer.send(
      { to: user.email, ...twoFactorResetMail({ systemName, name: user.name }) },
      { db: tx.db, idempotencyKey: `two-factor-reset.${id}.${now.getTime()}` },
    );
  });
  return getPlatformUser(ctx.db, id);
}
